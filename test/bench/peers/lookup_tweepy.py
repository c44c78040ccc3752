"""Peer for the start-up benchmark: the same signed lookup postctl makes
(GET {POSTCTL_API_URL}/2/tweets?ids=20, OAuth 1.0a user context) with tweepy's
v2 Client. tweepy always calls https://api.twitter.com, so its session's
requests are pointed at the emulator (the signature is computed on the final
URL, as requests-oauthlib signs the prepared request)."""
import json
import os
import sys

import tweepy

API = "https://api.twitter.com"
client = tweepy.Client(
    consumer_key=os.environ["POSTCTL_CONSUMER_KEY"],
    consumer_secret=os.environ["POSTCTL_CONSUMER_SECRET"],
    access_token=os.environ["POSTCTL_ACCESS_TOKEN"],
    access_token_secret=os.environ["POSTCTL_ACCESS_TOKEN_SECRET"],
    return_type=dict,
)
send = client.session.request
client.session.request = lambda method, url, **kw: send(method, os.environ["POSTCTL_API_URL"] + url[len(API):], **kw)
r = client.get_tweets(ids=["20"], user_auth=True)
sys.stdout.write(json.dumps(r))
