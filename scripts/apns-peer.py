#!/usr/bin/env python3
"""A local endpoint in the shape of Apple's push service, the HTTP/2 provider API (h2 over TLS,
ALPN h2 only), for tests: it checks each request as APNs does — the path, the provider token (an
ES256 JWT whose signature it verifies with the key's public half, its `kid`, `iss` and age), the
topic, the push type, the expiry, the priority, the collapse id, the payload — and answers as APNs
does: 200 with an `apns-id`, or the status with `{"reason": ...}`. Every request is appended to
--log as a JSON line.

  scripts/apns-peer.py --port 0 --port-file F --cert-file C --public-key P --key-id K --team T --topic X --log L
      [--answers A]   a JSON file read at each request: {"now": epoch seconds (the app's clock),
                      "tokens": {device token: [status, ...]}}; from the time it is written, a
                      device's requests take the listed statuses in turn (410, 400, 429, 403,
                      500), then 200
"""
import argparse
import asyncio
import base64
import json
import os
import socket
import sys
import time
import uuid

import h2.config
import h2.connection
import h2.events
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from self_signed import self_signed

REASONS = {400: "BadDeviceToken", 403: "ExpiredProviderToken", 410: "Unregistered", 429: "TooManyRequests",
           500: "InternalServerError"}


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Endpoint:
    def __init__(self, args):
        self.args = args
        with open(args.public_key, "rb") as f:
            self.public_key = serialization.load_pem_public_key(f.read())
        self.seen, self.plan_written = {}, None

    def answers(self):
        if not self.args.answers or not os.path.exists(self.args.answers):
            return {}
        written = os.stat(self.args.answers).st_mtime_ns
        if written != self.plan_written:
            self.seen, self.plan_written = {}, written
        with open(self.args.answers) as f:
            return json.load(f)

    def check_token(self, authorization, now):
        """The reason APNs would give for this provider token, or None when it is good."""
        if not authorization.startswith("bearer "):
            return "MissingProviderToken"
        try:
            head, claims, signature = authorization[7:].split(".")
            header, body = json.loads(unb64(head)), json.loads(unb64(claims))
            raw = unb64(signature)
            if header.get("alg") != "ES256" or header.get("kid") != self.args.key_id or len(raw) != 64:
                return "InvalidProviderToken"
            der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
            self.public_key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except (ValueError, InvalidSignature, json.JSONDecodeError):
            return "InvalidProviderToken"
        if body.get("iss") != self.args.team or not isinstance(body.get("iat"), int):
            return "InvalidProviderToken"
        if now - body["iat"] > 3600:
            return "ExpiredProviderToken"
        if body["iat"] > now + 60:
            return "InvalidProviderToken"
        return None

    def respond(self, headers, data):
        """(status, reason) for one request."""
        answers = self.answers()
        now = answers.get("now", time.time())
        path = headers.get(":path", "")
        token = path[len("/3/device/"):] if path.startswith("/3/device/") else None
        if headers.get(":method") != "POST":
            return 405, "MethodNotAllowed", token
        if token is None:
            return 404, "BadPath", token
        reason = self.check_token(headers.get("authorization", ""), now)
        if reason:
            return 403, reason, token
        if not token or len(token) % 2 or not all(c in "0123456789abcdefABCDEF" for c in token):
            return 400, "BadDeviceToken", token
        if "apns-topic" not in headers:
            return 400, "MissingTopic", token
        if headers["apns-topic"] != self.args.topic:
            return 400, "DeviceTokenNotForTopic", token
        if headers.get("apns-push-type") not in ("alert", "background", "voip", "complication", "fileprovider", "mdm",
                                                 "liveactivity", "pushtotalk"):
            return 400, "InvalidPushType", token
        if not headers.get("apns-expiration", "0").isdigit():
            return 400, "BadExpirationDate", token
        if headers.get("apns-priority", "10") not in ("1", "5", "10"):
            return 400, "BadPriority", token
        if len(headers.get("apns-collapse-id", "").encode()) > 64:
            return 400, "BadCollapseId", token
        if len(data) > 4096:
            return 413, "PayloadTooLarge", token
        try:
            payload = json.loads(data)
        except ValueError:
            return 400, "PayloadEmpty", token
        if headers["apns-push-type"] == "alert" and not isinstance(payload.get("aps", {}).get("alert"), (dict, str)):
            return 400, "PayloadEmpty", token
        planned = answers.get("tokens", {}).get(token, [])
        count = self.seen.get(token, 0)
        self.seen[token] = count + 1
        if count < len(planned) and planned[count] != 200:
            return planned[count], REASONS.get(planned[count], "BadDeviceToken"), token
        return 200, None, token

    def handle(self, headers, data):
        status, reason, token = self.respond(headers, data)
        try:
            payload = json.loads(data) if data else None
        except ValueError:
            payload = None
        entry = {"token": token, "status": status, "reason": reason, "payload": payload,
                 "headers": {k: v for k, v in headers.items()}}
        with open(self.args.log, "a") as f:
            f.write(json.dumps(entry) + "\n")
        return status, reason


class Connection(asyncio.Protocol):
    def __init__(self, endpoint):
        self.endpoint = endpoint
        self.h2 = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        self.streams = {}

    def connection_made(self, transport):
        self.transport = transport
        if transport.get_extra_info("ssl_object").selected_alpn_protocol() != "h2":
            transport.close()
            return
        self.h2.initiate_connection()
        self.transport.write(self.h2.data_to_send())

    def data_received(self, data):
        try:
            events = self.h2.receive_data(data)
        except Exception:
            self.transport.close()
            return
        for event in events:
            if isinstance(event, h2.events.RequestReceived):
                self.streams[event.stream_id] = (dict(event.headers), bytearray())
            elif isinstance(event, h2.events.DataReceived):
                self.streams[event.stream_id][1].extend(event.data)
                self.h2.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                headers, data = self.streams.pop(event.stream_id)
                status, reason = self.endpoint.handle(headers, bytes(data))
                body = json.dumps({"reason": reason, **({"timestamp": int(time.time() * 1000)} if status == 410 else {})}).encode() \
                    if reason else b""
                response = [(":status", str(status)), ("apns-id", str(uuid.uuid4()).upper())]
                if body:
                    response += [("content-type", "application/json"), ("content-length", str(len(body)))]
                self.h2.send_headers(event.stream_id, response, end_stream=not body)
                if body:
                    self.h2.send_data(event.stream_id, body, end_stream=True)
            elif isinstance(event, h2.events.ConnectionTerminated):
                self.transport.close()
        self.transport.write(self.h2.data_to_send())


async def serve(args):
    port = args.port
    if port == 0:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    context = self_signed(args.cert_file, alpn=["h2"])
    endpoint = Endpoint(args)
    server = await asyncio.get_running_loop().create_server(lambda: Connection(endpoint), "127.0.0.1", port, ssl=context)
    if args.port_file:
        with open(args.port_file + ".part", "w") as f:
            f.write(str(port))
        os.rename(args.port_file + ".part", args.port_file)
    print(f"APNs endpoint on https://127.0.0.1:{port}", flush=True)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser()
    for name in ("--port-file", "--cert-file", "--public-key", "--key-id", "--team", "--topic", "--log"):
        parser.add_argument(name, required=name != "--port-file")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--answers")
    asyncio.run(serve(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
