#!/usr/bin/env bash
# The development mail sink of `make run`: a real SMTP server on 127.0.0.1 (aiosmtpd) that writes
# every message it gets to .local/mail/ instead of sending it. Started once, reused; installs
# aiosmtpd from PyPI when missing.
#
#   scripts/dev-mail-sink.sh start | stop
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${STAFFBOOK_MAIL_PORT:-2525}"
PIDFILE=.local/mail-sink.pid
mkdir -p .local/mail

running() { [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

case "${1:-start}" in
  start)
    if running; then exit 0; fi
    python3 -c "import aiosmtpd" 2>/dev/null || python3 -m pip install --quiet aiosmtpd
    nohup python3 scripts/mail-sink.py --dir .local/mail --port "$PORT" >.local/mail-sink.log 2>&1 &
    echo $! > "$PIDFILE"
    for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break; sleep 0.1; done
    echo "Mail goes to a development sink on 127.0.0.1:$PORT: every message is written to .local/mail/."
    ;;
  stop)
    if running; then kill "$(cat "$PIDFILE")"; fi
    rm -f "$PIDFILE"
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
