"""Peer for the analytics benchmark: the official Ads SDK's sequence
(twitter-python-ads-sdk: create_async_job per 20 ids, async_stats_job_result
polled once a second, async_stats_job_data downloading each file in turn; or
the synchronous all_stats per 20 ids), written with the standard library only
(http.client with one keep-alive connection, OAuth 1.0a HMAC-SHA1, gzip, json)
against the same local server. Prints one CSV row per entity and bucket.

Usage: stats_sdk_sequence.py job|sync IDS_FILE START END GRANULARITY GROUPS
(START/END ISO times; 90-day windows as jobs, 7-day windows synchronous)."""
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

ADS = urllib.parse.urlsplit(os.environ["POSTCTL_ADS_URL"])
ACCOUNT = os.environ["POSTCTL_ADS_ACCOUNT"]
CK, CS = os.environ["POSTCTL_CONSUMER_KEY"], os.environ["POSTCTL_CONSUMER_SECRET"]
TK, TS = os.environ["POSTCTL_ACCESS_TOKEN"], os.environ["POSTCTL_ACCESS_TOKEN_SECRET"]
conn = http.client.HTTPConnection(ADS.hostname, ADS.port)


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
    if res.status != 200:
        raise SystemExit(f"{method} {path}: HTTP {res.status} {body[:200]!r}")
    return json.loads(body)


def windows(start, end, days):
    t = start
    while t < end:
        yield t, min(end, t + timedelta(days=days))
        t += timedelta(days=days)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def rows(out, data, start):
    for el in data:
        for d in el["id_data"]:
            metrics = d["metrics"]
            n = max((len(v) for v in metrics.values() if isinstance(v, list)), default=0)
            for i in range(n):
                out.writerow([el["id"], d.get("segment"), i] + [v[i] if isinstance(v, list) else None for v in metrics.values()])


def main():
    mode, ids_file, start, end, granularity, groups = sys.argv[1:7]
    ids = [l.strip() for l in open(ids_file) if l.strip()]
    start = datetime.fromisoformat(start.replace("Z", "+00:00"))
    end = datetime.fromisoformat(end.replace("Z", "+00:00"))
    out = csv.writer(sys.stdout)
    chunks = [ids[i : i + 20] for i in range(0, len(ids), 20)]
    stats = f"/12/stats/accounts/{ACCOUNT}"
    jobs = f"/12/stats/jobs/accounts/{ACCOUNT}"

    def params(chunk, a, b):
        return {
            "entity": "LINE_ITEM",
            "entity_ids": ",".join(chunk),
            "start_time": iso(a),
            "end_time": iso(b),
            "granularity": granularity,
            "placement": "ALL_ON_TWITTER",
            "metric_groups": groups,
        }

    if mode == "sync":
        for a, b in windows(start, end, 7):
            for chunk in chunks:
                rows(out, call("GET", stats, params(chunk, a, b))["data"], a)
        return
    created = [call("POST", jobs, params(chunk, a, b))["data"]["id_str"] for a, b in windows(start, end, 90) for chunk in chunks]
    done = {}
    while len(done) < len(created):
        time.sleep(1)
        pending = [j for j in created if j not in done]
        for i in range(0, len(pending), 200):
            for job in call("GET", jobs, {"job_ids": ",".join(pending[i : i + 200])})["data"]:
                if job["status"] == "SUCCESS":
                    done[job["id_str"]] = job["url"]
    for job_id in created:
        with urllib.request.urlopen(done[job_id]) as res:
            rows(out, json.loads(gzip.decompress(res.read()))["data"], start)


main()
