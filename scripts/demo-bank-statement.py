#!/usr/bin/env python3
"""Writes a bank statement of outgoing payments, as a bank would send it after a run: camt.053
(ISO 20022, version 02) or GPC (the Czech banks' ABO statement), for the walk-through, the fuzz
corpora and `make bench`.

    scripts/demo-bank-statement.py --format camt053 --account CZ6520100000002000100027 \\
        --payment 121125.00:20261042:CZ8808000000002001000001:"Jan Novák" > statement.xml

A payment is amount:variable symbol:counter-account IBAN:name; `--credit` adds money received.
"""
import argparse
import datetime
import sys
from xml.sax.saxutils import escape


def domestic(iban):
    """A Czech IBAN's bank code, prefix and number."""
    digits = iban[4:]
    return digits[0:4], digits[4:10], digits[10:20]


def camt053(account, day, payments, statement_id):
    entries = []
    for number, (amount, symbol, counter, name, debit) in enumerate(payments, 1):
        side = "Cdtr" if debit else "Dbtr"
        entries.append(f"""<Ntry><NtryRef>{number}</NtryRef><Amt Ccy="CZK">{amount}</Amt><CdtDbtInd>{"DBIT" if debit else "CRDT"}</CdtDbtInd>
<Sts>BOOK</Sts><BookgDt><Dt>{day}</Dt></BookgDt><ValDt><Dt>{day}</Dt></ValDt><AcctSvcrRef>{statement_id}-{number}</AcctSvcrRef>
<BkTxCd><Prtry><Cd>10000405000</Cd><Issr>CBA</Issr></Prtry></BkTxCd>
<NtryDtls><TxDtls><Refs><AcctSvcrRef>{statement_id}-{number}</AcctSvcrRef><EndToEndId>VS{symbol}</EndToEndId></Refs>
<AmtDtls><TxAmt><Amt Ccy="CZK">{amount}</Amt></TxAmt></AmtDtls>
<RltdPties><{side}><Nm>{escape(name)}</Nm></{side}><{side}Acct><Id><IBAN>{counter}</IBAN></Id></{side}Acct></RltdPties>
<RmtInf><Strd><CdtrRefInf><Ref>VS:{symbol}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>""")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
<BkToCstmrStmt><GrpHdr><MsgId>{statement_id}</MsgId><CreDtTm>{day}T18:00:00</CreDtTm></GrpHdr>
<Stmt><Id>{statement_id}</Id><CreDtTm>{day}T18:00:00</CreDtTm><Acct><Id><IBAN>{account}</IBAN></Id><Ccy>CZK</Ccy></Acct>
{chr(10).join(entries)}
</Stmt></BkToCstmrStmt></Document>
"""


def gpc(account, day, payments):
    _, prefix, number = domestic(account)
    ddmmyy = datetime.date.fromisoformat(day).strftime("%d%m%y")
    debits = sum(int(round(float(p[0]) * 100)) for p in payments if p[4])
    credits = sum(int(round(float(p[0]) * 100)) for p in payments if not p[4])
    lines = ["074" + prefix + number + "Staffbook s.r.o.".ljust(20) + ddmmyy + "0" * 14 + "+" + "0" * 14 + "+"
             + str(debits).zfill(14) + "0" + str(credits).zfill(14) + "0" + "001" + ddmmyy + " " * 14]
    for n, (amount, symbol, counter, name, debit) in enumerate(payments, 1):
        bank, c_prefix, c_number = domestic(counter)
        hundredths = str(int(round(float(amount) * 100))).zfill(12)
        lines.append("075" + prefix + number + c_prefix + c_number + str(n).zfill(13) + hundredths + ("1" if debit else "2")
                     + symbol.zfill(10) + "00" + bank + "0000" + "0" * 10 + ddmmyy + name.ljust(20)[:20] + "0" + "0203" + ddmmyy)
    for line in lines:
        assert len(line) == 128, (len(line), line)
    return ("\r\n".join(lines) + "\r\n").encode("cp1250", "replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--format", choices=["camt053", "gpc"], default="camt053")
    parser.add_argument("--account", required=True, help="our account's IBAN (a Czech one for GPC)")
    parser.add_argument("--date", default=datetime.date.today().isoformat())
    parser.add_argument("--id", default="STMT-1")
    parser.add_argument("--payment", action="append", default=[], help="amount:symbol:counter IBAN:name (money paid out)")
    parser.add_argument("--credit", action="append", default=[], help="amount:symbol:counter IBAN:name (money received)")
    parser.add_argument("--repeat", type=int, default=1, help="write each payment this many times, symbols counted up")
    args = parser.parse_args()
    payments = []
    for debit, specs in ((True, args.payment), (False, args.credit)):
        for spec in specs:
            amount, symbol, counter, name = spec.split(":", 3)
            for i in range(args.repeat):
                payments.append((amount, str(int(symbol) + i) if args.repeat > 1 else symbol, counter, name, debit))
    if args.format == "camt053":
        sys.stdout.buffer.write(camt053(args.account, args.date, payments, args.id).encode())
    else:
        sys.stdout.buffer.write(gpc(args.account, args.date, payments))


if __name__ == "__main__":
    main()
