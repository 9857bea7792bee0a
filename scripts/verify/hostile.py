"""Documents built to make a parser work without end, as an outside tester built them: each is
small to send and was once seconds or minutes of the server's CPU. `make verify` sends them to a
real server (hardening.py: hostile_documents, pdf_helper); run alone, this writes them to a folder
for a look:  python3 scripts/verify/hostile.py OUT_DIR"""
import os
import sys
import zlib

ISDOC_NS = "http://isdoc.cz/namespace/2013"
CAMT_NS = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"


def isdoc_deep_and_wide(depth=60, name_length=200, children=100_000):
    """A few long-named nested elements with many empty children: a reader that joins the element
    path at every end tag pays children × depth × name length (1.26 MB was 15 s of CPU)."""
    name = "A" * name_length
    opening = "".join(f"<{name}{i % 10}>" for i in range(depth))
    closing = "".join(f"</{name}{i % 10}>" for i in reversed(range(depth)))
    return (f'<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="{ISDOC_NS}" version="6.0.2">'
            + opening + "<b/>" * children + closing + "</Invoice>").encode()


def many_attributes(count=40_000, root="Invoice", namespace=ISDOC_NS):
    """One element with tens of thousands of attributes: libxml2 checks each against the others."""
    attributes = " ".join(f'a{i}="x"' for i in range(count))
    return f'<?xml version="1.0" encoding="UTF-8"?><{root} xmlns="{namespace}" {attributes}></{root}>'.encode()


def camt_deep_and_wide(depth=60, name_length=200, children=40_000):
    """A camt.053 statement whose entry holds long-named nested elements with many empty
    children: a reader that joins the path below the entry at every element pays the same."""
    name = "B" * name_length
    opening = "".join(f"<{name}{i % 10}>" for i in range(depth))
    closing = "".join(f"</{name}{i % 10}>" for i in reversed(range(depth)))
    return (f'<?xml version="1.0" encoding="UTF-8"?><Document xmlns="{CAMT_NS}"><BkToCstmrStmt><Stmt><Id>1</Id>'
            "<Acct><Id><IBAN>CZ2720100000002000100027</IBAN></Id></Acct><Ntry>"
            + opening + "<c/>" * children + closing
            + "<Amt Ccy=\"CZK\">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-02</Dt></BookgDt>"
            "</Ntry></Stmt></BkToCstmrStmt></Document>").encode()


def camt_many_transactions(transactions=25_000):
    """One entry of more transactions than a statement may have lines: the old limit counted
    entries only."""
    one = '<TxDtls><AmtDtls><TxAmt><Amt Ccy="CZK">1.00</Amt></TxAmt></AmtDtls></TxDtls>'
    return (f'<?xml version="1.0" encoding="UTF-8"?><Document xmlns="{CAMT_NS}"><BkToCstmrStmt><Stmt><Id>1</Id>'
            "<Acct><Id><IBAN>CZ2720100000002000100027</IBAN></Id></Acct><Ntry>"
            '<Amt Ccy="CZK">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-11-02</Dt></BookgDt><NtryDtls>'
            + one * transactions + "</NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>").encode()


def _pdf(objects, root=1):
    """A PDF of `objects` (number → body bytes, numbered from 1) with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    start = len(out)
    size = max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets[number] if number in objects else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, root, start)
    return bytes(out)


def _stream(dictionary, data):
    return b"<< " + dictionary + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def pdf_with_attachments(names, stream):
    """A one-page PDF whose EmbeddedFiles name tree names each of `names` as a file spec of the one
    embedded `stream` (already encoded; FlateDecode)."""
    objects = {
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
        4: _stream(b"/Type /EmbeddedFile /Filter /FlateDecode", stream),
    }
    entries = []
    for index, name in enumerate(names):
        number = 5 + index
        objects[number] = b"<< /Type /Filespec /F (%s) /UF (%s) /EF << /F 4 0 R >> >>" % (name.encode(), name.encode())
        entries.append(b"(%s) %d 0 R" % (("%06d-" % index + name).encode(), number))
    tree = 5 + len(names)
    objects[tree] = b"<< /Names [" + b" ".join(entries) + b"] >>"
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles %d 0 R >> >>" % tree
    return _pdf(objects)


def pdf_bomb_attachments(count=400, inflated=64 << 20):
    """`count` attachment specs named as ISDOCs, all of one stream that inflates to `inflated`
    bytes of zeros: 30 KB that made the helper inflate it once per name (24 s)."""
    bomb = zlib.compress(b"\0" * inflated, 9)
    return pdf_with_attachments([f"faktura{i}.isdoc" for i in range(count)], bomb)


def pdf_name_tree_dag(depth=40):
    """An EmbeddedFiles name tree in which every node's two kids are the same node: a reader that
    walks it without remembering what it has seen visits 2^depth nodes. The PDF is a few KB."""
    objects = {
        2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
        4: _stream(b"/Type /EmbeddedFile /Filter /FlateDecode", zlib.compress(b"<x/>")),
        5: b"<< /Type /Filespec /F (a.txt) /EF << /F 4 0 R >> >>",
    }
    leaf = 6
    objects[leaf] = b"<< /Names [(a.txt) 5 0 R] >>"
    node = leaf
    for level in range(depth):
        number = leaf + 1 + level
        objects[number] = b"<< /Kids [%d 0 R %d 0 R] >>" % (node, node)
        node = number
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles %d 0 R >> >>" % node
    return _pdf(objects)


def all_documents():
    return {
        "isdoc-deep-and-wide.isdoc": isdoc_deep_and_wide(),
        "isdoc-many-attributes.isdoc": many_attributes(),
        "camt-deep-and-wide.xml": camt_deep_and_wide(),
        "camt-many-transactions.xml": camt_many_transactions(),
        "pdf-bomb-attachments.pdf": pdf_bomb_attachments(),
        "pdf-name-tree-dag.pdf": pdf_name_tree_dag(),
    }


if __name__ == "__main__":
    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    os.makedirs(folder, exist_ok=True)
    for name, data in all_documents().items():
        with open(os.path.join(folder, name), "wb") as out:
            out.write(data)
        print(f"{name}: {len(data):,} bytes")
