"""Peer for the many-accounts benchmark: a python loop over every ad account of
the user doing the official Ads SDK's sequence (twitter-python-ads-sdk) for
yesterday's campaign stats, one account after another, written with the
standard library only (http.client with one keep-alive connection, OAuth 1.0a
HMAC-SHA1, gzip, json), as stats_sdk_sequence.py does for one account.

  client.accounts()                      GET /12/accounts (every page)
  per account, in turn:
    client.accounts(id)                  GET /12/accounts/:id (its timezone: yesterday is the account's)
    Analytics.active_entities(...)       GET /12/stats/accounts/:id/active_entities (CAMPAIGN, yesterday)
    then the stats of the active campaigns per placement and 20 ids:
      sync: Campaign.all_stats(...)      GET /12/stats/accounts/:id, one after another
      job:  create_async_job per request, async_stats_job_result polled once a second,
            async_stats_job_data downloading each file in turn

Usage: stats_accounts_sdk_sequence.py sync|job GROUPS
Prints one CSV row per entity, placement and bucket. sync stops at the first
429 (the SDK raises RateLimit): it prints how many accounts were done on stderr
and exits 5."""
import base64
import csv
import gzip
import hashlib
import hmac
import http.client
import json
import os
import secrets
import sys
import time
import urllib.parse
import urllib.request
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ADS = urllib.parse.urlsplit(os.environ["POSTCTL_ADS_URL"])
CK, CS = os.environ["POSTCTL_CONSUMER_KEY"], os.environ["POSTCTL_CONSUMER_SECRET"]
TK, TS = os.environ["POSTCTL_ACCESS_TOKEN"], os.environ["POSTCTL_ACCESS_TOKEN_SECRET"]
conn = http.client.HTTPConnection(ADS.hostname, ADS.port)
PLACEMENTS = ["ALL_ON_TWITTER", "SPOTLIGHT", "TREND"]


class RateLimit(Exception):
    pass


def q(s):
    return urllib.parse.quote(str(s), safe="~")


def call(method, path, params):
    url = f"{ADS.scheme}://{ADS.netloc}{ADS.path}{path}"
    oauth = {
        "oauth_consumer_key": CK,
        "oauth_nonce": secrets.token_hex(16),
        "oauth_signature_method": "HMAC-SHA1",
        "oauth_timestamp": str(int(time.time())),
        "oauth_token": TK,
        "oauth_version": "1.0",
    }
    pairs = sorted((q(k), q(v)) for k, v in list(params.items()) + list(oauth.items()))
    base = "&".join([method, q(url), q("&".join(f"{k}={v}" for k, v in pairs))])
    key = f"{q(CS)}&{q(TS)}".encode()
    oauth["oauth_signature"] = base64.b64encode(hmac.new(key, base.encode(), hashlib.sha1).digest()).decode()
    header = "OAuth " + ", ".join(f'{q(k)}="{q(v)}"' for k, v in sorted(oauth.items()))
    conn.request(method, f"{ADS.path}{path}?{urllib.parse.urlencode(params)}", headers={"Authorization": header})
    res = conn.getresponse()
    body = res.read()
    if res.status == 429:
        raise RateLimit(res.getheader("x-rate-limit-reset"))
    if res.status != 200:
        raise SystemExit(f"{method} {path}: HTTP {res.status} {body[:200]!r}")
    return json.loads(body)


def iso(t):
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def rows(out, data):
    for el in data:
        for d in el["id_data"]:
            metrics = d["metrics"]
            n = max((len(v) for v in metrics.values() if isinstance(v, list)), default=0)
            for i in range(n):
                out.writerow([el["id"], d.get("segment"), i] + [v[i] if isinstance(v, list) else None for v in metrics.values()])


def accounts():
    ids, cursor = [], None
    while True:
        params = {"count": "1000", **({"cursor": cursor} if cursor else {})}
        page = call("GET", "/12/accounts", params)
        ids += [a["id"] for a in page["data"]]
        cursor = page.get("next_cursor")
        if not cursor:
            return ids


def yesterday(tz):
    # Wall-clock arithmetic in the account's zone: yesterday's midnight, 23 or 25 hours before today's on a change.
    today = datetime.now(ZoneInfo(tz)).replace(hour=0, minute=0, second=0, microsecond=0)
    return today - timedelta(days=1), today


def main():
    mode, groups = sys.argv[1:3]
    out = csv.writer(sys.stdout)
    done = 0
    for account in accounts():
        tz = call("GET", f"/12/accounts/{account}", {})["data"]["timezone"]
        start, end = yesterday(tz)
        active = call(
            "GET",
            f"/12/stats/accounts/{account}/active_entities",
            {"entity": "CAMPAIGN", "start_time": iso(start), "end_time": iso(end)},
        )["data"]
        requests = []
        for placement in PLACEMENTS:
            ids = [e["entity_id"] for e in active if placement in e["placements"]]
            for i in range(0, len(ids), 20):
                requests.append(
                    {
                        "entity": "CAMPAIGN",
                        "entity_ids": ",".join(ids[i : i + 20]),
                        "start_time": iso(start),
                        "end_time": iso(end),
                        "granularity": "DAY",
                        "placement": placement,
                        "metric_groups": groups,
                    }
                )
        if mode == "sync":
            try:
                for p in requests:
                    rows(out, call("GET", f"/12/stats/accounts/{account}", p)["data"])
            except RateLimit as e:
                print(f"429 after {done} accounts (reset at {e})", file=sys.stderr)
                sys.stdout.flush()
                sys.exit(5)
            done += 1
            continue
        jobs = f"/12/stats/jobs/accounts/{account}"
        created = [call("POST", jobs, p)["data"]["id_str"] for p in requests]
        urls = {}
        while len(urls) < len(created):
            time.sleep(1)
            pending = [j for j in created if j not in urls]
            for job in call("GET", jobs, {"job_ids": ",".join(pending)})["data"]:
                if job["status"] == "SUCCESS":
                    urls[job["id_str"]] = job["url"]
        for job_id in created:
            with urllib.request.urlopen(urls[job_id]) as res:
                rows(out, json.loads(gzip.decompress(res.read()))["data"])
        done += 1
    print(f"{done} accounts", file=sys.stderr)


main()
