#!/usr/bin/env bash
# Printed by `make run` just before the server starts.
cat <<'TEXT'

Staffbook is starting on http://127.0.0.1:8080
  curl -i http://127.0.0.1:8080/health/ready
  curl -s http://127.0.0.1:8080/openapi.yaml | head
  curl -i http://127.0.0.1:8080/nope -H 'Accept-Language: cs'
Stop it with Ctrl-C.

TEXT
