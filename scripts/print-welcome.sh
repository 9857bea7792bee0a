#!/usr/bin/env bash
# Printed by `make run` just before the server starts.
cat <<'TEXT'

Staffbook is starting on http://127.0.0.1:8080

The desk (in a browser): http://127.0.0.1:8080/desk

Demo company: 30 people in 4 teams (password for all: staffbook-demo), e.g.:
  admin@staffbook.example            Alena Dvořáková   admin
  lead.web@staffbook.example         Zuzana Horáková   team leader, admin
  lead.mobile@staffbook.example      Tomáš Černý       team leader
  jan.novak@staffbook.example        Jan Novák         worker
  karel.byvaly@staffbook.example     Karel Bývalý      deactivated (cannot sign in)

Try:
  curl -s http://127.0.0.1:8080/v1/auth/password -H 'Content-Type: application/json' \
       -d '{"email":"admin@staffbook.example","password":"staffbook-demo"}'
  curl -s http://127.0.0.1:8080/v1/me -H "Authorization: Bearer <accessToken>"
  curl -i http://127.0.0.1:8080/health/ready
  curl -i http://127.0.0.1:8080/nope -H 'Accept-Language: cs'
E-mail (invitations, reminders, notifications) is not sent: every message is written to
.local/mail/ by a development SMTP sink.
Stop it with Ctrl-C.

TEXT
