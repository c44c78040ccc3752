"""Peer for the start-up benchmark: the same signed lookup postctl makes
(GET {POSTCTL_API_URL}<path>?ids=20, OAuth 1.0a HMAC-SHA1 user context) with
requests + requests-oauthlib, the usual Python way. Reads the emulator's
seeded credentials from the environment, like postctl does."""
import os
import sys

import requests
from requests_oauthlib import OAuth1

path = sys.argv[1] if len(sys.argv) > 1 else "/2/tweets"
auth = OAuth1(
    os.environ["POSTCTL_CONSUMER_KEY"],
    os.environ["POSTCTL_CONSUMER_SECRET"],
    os.environ["POSTCTL_ACCESS_TOKEN"],
    os.environ["POSTCTL_ACCESS_TOKEN_SECRET"],
)
r = requests.get(os.environ["POSTCTL_API_URL"] + path, params={"ids": "20"}, auth=auth, timeout=30)
if r.status_code != 200:
    sys.exit(f"HTTP {r.status_code}: {r.text[:200]}")
sys.stdout.write(r.text)
