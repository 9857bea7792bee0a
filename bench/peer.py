"""The typical Python service `make bench` compares the server with: Starlette, asyncpg and
orjson under uvicorn with two workers, on the same database, with the same bearer check (the
HS256 access token's signature, issuer, audience and expiry, then the session's status from
PostgreSQL, remembered 2 s as the server does) and the same statements and JSON for the paths it
serves: `/health/live`, `/v1/me` and the admin list's first page. bench/run.py starts it with
`uvicorn peer:app --workers 2` (the pool of each worker is half the server's).
"""
import base64
import contextlib
import datetime
import hashlib
import hmac
import os
import time

import asyncpg
import orjson
from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route

KEY_ID, _, SECRET = os.environ["AUTH_SIGNING_KEY"].partition(":")
SECRET = base64.b64decode(SECRET)
DATABASE_URL = os.environ["DATABASE_URL"]
POOL = max(int(os.environ.get("PEER_POOL", "2")), 1)
sessions = {}
pool = None

ME = """SELECT id, email::text, first_name, last_name, roles, is_active, academic_title, position,
       capacity_hours_per_week::text, phone, personal_email::text, language FROM accounts WHERE id = $1"""
PAGE = """SELECT page.id, page.account_id, page.first_name, page.last_name, page.email::text, to_char(page.period, 'YYYY-MM'),
       page.state::text, page.kind::text, page.amount::text, page.statement_hours::text, page.statement_rate::text,
       page.version, page.return_reason, f.id, f.media_type, f.size, encode(f.sha256, 'hex'),
       page.submitted_at, page.approved_at, page.paid_at, page.exported_at
FROM (
    SELECT i.*, a.first_name, a.last_name, a.email
    FROM accounts a JOIN invoices i ON i.account_id = a.id
    WHERE i.period = $1::date AND i.state = $2
    ORDER BY a.last_name COLLATE czech, a.first_name COLLATE czech, a.id, i.period
    LIMIT $3
) page
JOIN invoice_files f ON f.id = page.current_file_id
ORDER BY page.last_name COLLATE czech, page.first_name COLLATE czech, page.account_id, page.period"""
SESSION = """SELECT a.id, a.roles FROM sessions s JOIN accounts a ON a.id = s.account_id
WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND a.is_active"""
# What an admin may do with an invoice in each state (the server's workflow table, for admins).
ACTIONS = {"submitted": ["approve", "return"], "approved": ["markPaid", "undoApproval"], "returned": ["undoReturn"],
           "paid": ["undoPayment"]}


def b64(part):
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def claims(request):
    header = request.headers.get("authorization", "")
    if not header.startswith("Bearer ") or len(header) > 4096:
        return None
    token = header[7:]
    parts = token.split(".")
    if len(parts) != 3:
        return None
    try:
        head = orjson.loads(b64(parts[0]))
        if head.get("alg") != "HS256" or head.get("kid") != KEY_ID:
            return None
        expected = hmac.new(SECRET, f"{parts[0]}.{parts[1]}".encode(), hashlib.sha256).digest()
        if not hmac.compare_digest(expected, b64(parts[2])):
            return None
        body = orjson.loads(b64(parts[1]))
    except (ValueError, orjson.JSONDecodeError):
        return None
    now = time.time()
    if body.get("iss") != "staffbook" or body.get("aud") != "staffbook-api" or body.get("exp", 0) <= now or body.get("iat", now + 60) > now + 30:
        return None
    return body


async def caller(request):
    body = claims(request)
    if body is None:
        return None
    sid, now = body["sid"], time.monotonic()
    known = sessions.get(sid)
    if known is None or known[0] < now:
        async with pool.acquire() as connection:
            row = await connection.fetchrow(SESSION, sid)
        known = (now + 2, None if row is None else {"id": str(row["id"]), "roles": list(row["roles"])})
        sessions[sid] = known
    return known[1]


def problem(status, title):
    return Response(orjson.dumps({"type": "about:blank", "title": title, "status": status}), status,
                    media_type="application/problem+json")


async def live(request):
    return Response(b'{"status":"ok"}', media_type="application/json")


async def me(request):
    who = await caller(request)
    if who is None:
        return problem(401, "Unauthorized")
    async with pool.acquire() as connection:
        row = await connection.fetchrow(ME, who["id"])
    if row is None:
        return problem(404, "Not Found")
    return Response(orjson.dumps({
        "id": str(row["id"]), "email": row["email"], "firstName": row["first_name"], "lastName": row["last_name"],
        "roles": list(row["roles"]), "active": row["is_active"], "academicTitle": row["academic_title"],
        "position": row["position"], "capacityHoursPerWeek": row["capacity_hours_per_week"], "phone": row["phone"],
        "personalEmail": row["personal_email"], "language": row["language"]}), media_type="application/json")


async def invoices(request):
    who = await caller(request)
    if who is None:
        return problem(401, "Unauthorized")
    if "admin" not in who["roles"]:
        return problem(403, "Forbidden")
    query = request.query_params
    try:
        period = time.strptime(query.get("period", ""), "%Y-%m")
        limit = int(query.get("limit", "20"))
    except ValueError:
        return problem(400, "Bad Request")
    if not 1 <= limit <= 100:
        return problem(400, "Bad Request")
    async with pool.acquire() as connection:
        rows = await connection.fetch(PAGE, datetime.date(period.tm_year, period.tm_mon, 1), query.get("state", "approved"),
                                      limit + 1)
    items = [{
        "id": str(r[0]), "person": {"id": str(r[1]), "firstName": r[2], "lastName": r[3], "email": r[4]}, "period": r[5],
        "state": r[6], "kind": r[7], "amount": r[8], "currency": "CZK",
        "file": {"mediaType": r[14], "size": r[15], "sha256": r[16], "downloadUrl": f"/v1/invoices/{r[0]}/file"},
        "actions": ACTIONS.get(r[6], [])} for r in rows[:limit]]
    last = rows[limit - 1] if len(rows) > limit else None
    cursor = None if last is None else base64.urlsafe_b64encode(orjson.dumps(
        {"l": last[3], "f": last[2], "p": str(last[1]), "m": last[5]})).decode().rstrip("=")
    return Response(orjson.dumps({"items": items, "nextCursor": cursor}), media_type="application/json")


@contextlib.asynccontextmanager
async def lifespan(_):
    global pool
    pool = await asyncpg.create_pool(DATABASE_URL, min_size=POOL, max_size=POOL, server_settings={"jit": "off"})
    yield
    await pool.close()


app = Starlette(routes=[Route("/health/live", live), Route("/v1/me", me), Route("/v1/invoices", invoices)], lifespan=lifespan)
