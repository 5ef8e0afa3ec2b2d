// The cookies a load client keeps from every answer and sends with every request (the
// fault suites' clients sign in and stay signed in as a browser does).

export class CookieJar {
  constructor() {
    this.cookies = new Map();
  }

  /** Keeps the cookies `response` sets. */
  keep(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  /** The `cookie` header of the next request. */
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}
