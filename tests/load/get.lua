-- A read as the APP client makes it: the access token in its header.
wrk.headers["_tma_token"] = os.getenv("TOKEN") or ""
