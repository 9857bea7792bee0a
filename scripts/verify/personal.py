"""Personal data against the real server: an admin's export of a person read back with Python's
`zipfile` (every file named in the README, every uploaded file matching its SHA-256, no secret
handed over), the person's own export the same, then an erasure on request once the person is
deactivated: the account left with initials, the log naming no one, and the export still
opening with what is kept."""
import hashlib
import io
import json
import zipfile

import requests

from harness import Server, auth, check, fresh_database, psql, sign_in

ADMIN = "admin@staffbook.example"
PETRA = "petra.svobodova@staffbook.example"


def read(response):
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = archive.namelist()
    readme = archive.read("README.txt").decode()
    files = json.loads(archive.read("invoice_files.json"))
    matching = sum(1 for f in files if hashlib.sha256(archive.read(f["path"])).hexdigest() == f["sha256"])
    text = " ".join(archive.read(n).decode() for n in names if n.endswith(".json"))
    secrets = [key for key in ("password_hash", "secret_hash", "sealed_secret", "code_hash") if key in text]
    return {"names": names, "described": all(n in readme for n in names if n != "README.txt"), "files": len(files),
            "matching": matching, "secrets": secrets, "profile": json.loads(archive.read("profile.json"))}


def personal_data():
    database = "staffbook_verify_personal"
    fresh_database(database)
    server = Server(database, 18101).start()
    try:
        url = server.url
        admin = auth(sign_in(url, ADMIN)["accessToken"])
        petra = auth(sign_in(url, PETRA)["accessToken"])
        person = psql(database, f"SELECT id FROM accounts WHERE email = '{PETRA}'")
        by_admin = requests.get(f"{url}/v1/users/{person}/export", headers=admin, timeout=60)
        own = requests.get(f"{url}/v1/me/export", headers=petra, timeout=60)
        got, mine = read(by_admin), read(own)
        check("personal data: an admin's export reads back with zipfile, each file in the README, each upload matching its SHA-256, "
              "no secret in it",
              by_admin.status_code == 200 and got["described"] and got["files"] > 0 and got["matching"] == got["files"]
              and not got["secrets"] and got["profile"][0]["email"] == PETRA,
              f"{by_admin.status_code}, {got['files']} files, {got['matching']} matching, secrets {got['secrets']}")
        check("personal data: the person's own export holds the same files",
              own.status_code == 200 and sorted(mine["names"]) == sorted(got["names"]), f"{own.status_code}")

        refused = requests.post(f"{url}/v1/users/{person}/erasure", headers=admin, json={"reason": "person_request"}, timeout=30)
        requests.post(f"{url}/v1/users/{person}/deactivate", headers=admin, timeout=30)
        erased = requests.post(f"{url}/v1/users/{person}/erasure", headers=admin, json={"reason": "person_request"}, timeout=30)
        left = requests.get(f"{url}/v1/users/{person}/export", headers=admin, timeout=60)
        after = read(left) if left.status_code == 200 else {"profile": [{}], "files": -1}
        log = requests.get(f"{url}/v1/erasures", headers=admin, timeout=30).text
        check("personal data: erasure is refused while the person is active, then leaves initials, keeps the invoices, "
              "and its log names no one",
              refused.status_code == 409 and erased.status_code == 200 and after["profile"][0].get("first_name") == "P."
              and after["profile"][0].get("phone") is None and after["files"] == got["files"]
              and "on_request" in log and "Petra" not in log and PETRA not in log,
              f"{refused.status_code}, {erased.status_code}, {after['profile'][0].get('first_name')}, files {after['files']}")
    finally:
        server.stop()
