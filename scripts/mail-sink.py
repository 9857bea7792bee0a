#!/usr/bin/env python3
"""A real SMTP server for development and tests (aiosmtpd): every message it receives is written
to a file in --dir (`<time>-<n>.eml`, the message as received, after an `X-Envelope-To` line).

  scripts/mail-sink.py --dir .local/mail --port 2525            make run's development sink
  scripts/mail-sink.py --dir D --port 0 --port-file F           tests: a free port, written to F
      [--tls starttls|implicit --cert-file C]                    self-signed TLS; its certificate in C
      [--auth user:password]                                     AUTH PLAIN/LOGIN required
      [--hold-first-recipient SECONDS]                           the first RCPT waits (a slow server)
"""
import argparse
import asyncio
import os
import socket
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from self_signed import self_signed


class Sink:
    def __init__(self, directory, hold):
        self.directory, self.hold, self.count = directory, hold, 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.hold:
            delay, self.hold = self.hold, 0
            await asyncio.sleep(delay)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        path = os.path.join(self.directory, f"{time.time():.6f}-{self.count}.eml")
        with open(path + ".part", "wb") as f:
            f.write(f"X-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n".encode())
            f.write(envelope.original_content or envelope.content)
        os.rename(path + ".part", path)
        print(f"mail: {path}", flush=True)
        return "250 Message accepted"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2525)
    parser.add_argument("--port-file")
    parser.add_argument("--tls", choices=["starttls", "implicit"])
    parser.add_argument("--cert-file")
    parser.add_argument("--auth")
    parser.add_argument("--hold-first-recipient", type=float, default=0)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    port = args.port
    if port == 0:
        with socket.socket() as probe:
            probe.bind((args.host, 0))
            port = probe.getsockname()[1]
    options = {}
    context = self_signed(args.cert_file) if args.tls else None
    if args.tls == "starttls":
        options.update(tls_context=context, require_starttls=True)
    elif args.tls == "implicit":
        options.update(ssl_context=context)
    if args.auth:
        user, password = args.auth.split(":", 1)

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user and auth_data.password.decode() == password
            return AuthResult(success=ok, handled=False)
        options.update(authenticator=authenticator, auth_required=True, auth_require_tls=False)
    controller = Controller(Sink(args.dir, args.hold_first_recipient), hostname=args.host, port=port, **options)
    controller.start()
    if args.port_file:
        with open(args.port_file + ".part", "w") as f:
            f.write(str(port))
        os.rename(args.port_file + ".part", args.port_file)
    print(f"SMTP sink on {args.host}:{port}, writing to {args.dir}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        controller.stop()


if __name__ == "__main__":
    sys.exit(main())
