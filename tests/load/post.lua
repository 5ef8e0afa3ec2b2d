-- A state-changing call as the APP client makes it: _off_set, the access token in its header.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["_off_set"] = "540"
wrk.headers["_tma_token"] = os.getenv("TOKEN") or ""
wrk.body = os.getenv("BODY") or "{}"
