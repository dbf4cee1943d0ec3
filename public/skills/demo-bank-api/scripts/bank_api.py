#!/usr/bin/env python3
"""Mock loan-servicing API for the demo-bank-api skill.

All data lives in data/customers.json (fictional). Everything is
deterministic: the demo OTP is always 123456, challenge ids are
"ch.<customer id>" and session tokens are "sess.<customer id>".

Exit codes: 0 success, 1 domain error (JSON on stderr), 2 usage error
(argparse message on stderr).
"""

import argparse
import datetime
import json
import re
import sys
from decimal import ROUND_HALF_UP, Decimal

DATA_FILE = "data/customers.json"
DEMO_OTP = "123456"
CHALLENGE_PREFIX = "ch."
SESSION_PREFIX = "sess."
CENTS = Decimal("0.01")
INTEREST_PERIOD_DAYS = 30


class ApiError(Exception):
    """A domain error reported as {"error": ...} on stderr with exit 1."""


def emit(obj):
    print(json.dumps(obj))


def fail(message):
    print(json.dumps({"error": message}), file=sys.stderr)
    return 1


def load_customers():
    try:
        with open(DATA_FILE, encoding="utf-8") as fh:
            return json.load(fh)["customers"]
    except FileNotFoundError:
        raise ApiError("data file not found: " + DATA_FILE + " (run from the skill folder)")
    except (ValueError, KeyError) as exc:
        raise ApiError("data file is invalid: " + str(exc))


def find_customer(customers, customer_id):
    for customer in customers:
        if customer["id"] == customer_id:
            return customer
    return None


def customer_from_token(customers, token):
    if not token.startswith(SESSION_PREFIX):
        raise ApiError("invalid session token")
    customer = find_customer(customers, token[len(SESSION_PREFIX):])
    if customer is None:
        raise ApiError("invalid session token")
    return customer


def money(value):
    """Round a Decimal to cents and return a JSON-friendly float."""
    return float(Decimal(value).quantize(CENTS, rounding=ROUND_HALF_UP))


# ---------------------------------------------------------------- arg types

def four_digits(value):
    if not re.fullmatch(r"\d{4}", value):
        raise argparse.ArgumentTypeError("expected exactly 4 digits, got %r" % value)
    return value


def iso_date(value):
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ValueError
        return datetime.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a date as YYYY-MM-DD, got %r" % value)


# ---------------------------------------------------------------- commands

def cmd_verify_customer(args):
    customers = load_customers()
    dob = args.dob.isoformat()
    for customer in customers:
        if customer["egn_last4"] == args.egn_last4 and customer["dob"] == dob:
            emit({
                "challenge_id": CHALLENGE_PREFIX + customer["id"],
                "otp_sent_to": "***-**-" + customer["phone_last4"],
            })
            return 0
    raise ApiError("customer not found")


def cmd_confirm_otp(args):
    customers = load_customers()
    challenge = args.challenge_id
    customer = None
    if challenge.startswith(CHALLENGE_PREFIX):
        customer = find_customer(customers, challenge[len(CHALLENGE_PREFIX):])
    if customer is None:
        raise ApiError("invalid challenge id")
    if args.otp != DEMO_OTP:
        raise ApiError("invalid otp")
    emit({
        "verified": True,
        "customer": {"id": customer["id"], "name": customer["name"]},
        "session_token": SESSION_PREFIX + customer["id"],
    })
    return 0


def cmd_list_loans(args):
    customer = customer_from_token(load_customers(), args.session_token)
    emit(customer["loans"])
    return 0


def cmd_payoff_quote(args):
    customer = customer_from_token(load_customers(), args.session_token)
    loan = None
    for candidate in customer["loans"]:
        if candidate["loan_id"] == args.loan_id:
            loan = candidate
    if loan is None:
        raise ApiError("loan not found: " + args.loan_id)
    if loan["status"] == "paid_off":
        raise ApiError("loan " + loan["loan_id"] + " is already paid off")

    # Simple, documented model: interest accrues daily (actual/365) from the
    # start of the current period, which is next_payment_date - 30 days.
    next_due = datetime.date.fromisoformat(loan["next_payment_date"])
    interest_from = next_due - datetime.timedelta(days=INTEREST_PERIOD_DAYS)
    days = (args.date - interest_from).days
    if days < 0:
        raise ApiError("date must be on or after " + interest_from.isoformat())

    balance = Decimal(str(loan["balance"]))
    rate = Decimal(str(loan["rate"]))
    daily_interest = balance * rate / Decimal(365)
    accrued = daily_interest * days
    payoff = balance + accrued

    emit({
        "loan_id": loan["loan_id"],
        "customer_id": customer["id"],
        "payoff_date": args.date.isoformat(),
        "balance": money(balance),
        "rate": float(rate),
        "interest_from": interest_from.isoformat(),
        "days_of_interest": days,
        "daily_interest": money(daily_interest),
        "accrued_interest": money(accrued),
        "payoff_amount": money(payoff),
        "currency": "EUR",
        "method": "balance + balance*rate/365*days, days counted from next_payment_date-30, rounded half-up to cents",
    })
    return 0


# ---------------------------------------------------------------- main

def build_parser():
    parser = argparse.ArgumentParser(
        prog="bank_api.py",
        description="Mock loan-servicing API (fictional demo data).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("verify-customer", help="start identity verification")
    p.add_argument("--egn-last4", required=True, type=four_digits, help="last 4 digits of the national ID")
    p.add_argument("--dob", required=True, type=iso_date, help="date of birth, YYYY-MM-DD")
    p.set_defaults(func=cmd_verify_customer)

    p = sub.add_parser("confirm-otp", help="confirm the one-time password")
    p.add_argument("--challenge-id", required=True, help="challenge_id returned by verify-customer")
    p.add_argument("--otp", required=True, help="6-digit code the user received")
    p.set_defaults(func=cmd_confirm_otp)

    p = sub.add_parser("list-loans", help="list the verified customer's loans")
    p.add_argument("--session-token", required=True, help="session_token returned by confirm-otp")
    p.set_defaults(func=cmd_list_loans)

    p = sub.add_parser("payoff-quote", help="quote the amount needed to pay a loan off")
    p.add_argument("--session-token", required=True, help="session_token returned by confirm-otp")
    p.add_argument("--loan-id", required=True, help="loan_id from list-loans")
    p.add_argument("--date", required=True, type=iso_date, help="payoff date, YYYY-MM-DD")
    p.set_defaults(func=cmd_payoff_quote)

    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except ApiError as exc:
        return fail(str(exc))


if __name__ == "__main__":
    sys.exit(main())
