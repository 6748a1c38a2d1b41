// The probes' browser (security-probe, deposit-probe, stolen-password-probe): a cookie jar kept the
// way a browser keeps it (a cookie set empty or with Max-Age=0 is forgotten), our Origin on every
// request unless a probe sends another, and the answer's body as JSON when it is JSON.

/**
 * @param {string} base the server's address, without a trailing slash
 * @param {{ userAgent?: string }} [options] a user agent of its own, for probes that act as another device
 */
export function probeBrowser(base, { userAgent } = {}) {
  const cookies = new Map();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

  async function request(method, path, { json, body, contentType, origin = base, headers = {} } = {}) {
    const all = userAgent ? { "user-agent": userAgent, ...headers } : { ...headers };
    if (origin !== null) all.origin = origin;
    if (cookies.size > 0) all.cookie = cookieHeader();
    if (json !== undefined) all["content-type"] = "application/json";
    if (contentType) all["content-type"] = contentType;
    const response = await fetch(base + path, { method, headers: all, body: json !== undefined ? JSON.stringify(json) : body });
    keepCookies(response);
    const text = await response.text();
    let data = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, data, headers: response.headers };
  }

  function keepCookies(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** A PNG upload as the identity form sends it (multipart, field "file"). */
  function putFile(path, bytes) {
    const form = new FormData();
    form.append("file", new Blob([bytes], { type: "image/png" }), "id.png");
    return request("PUT", path, { body: form });
  }

  return {
    cookies,
    cookieHeader,
    send: request,
    get: (path, options) => request("GET", path, options),
    post: (path, json, options = {}) => request("POST", path, { ...options, json }),
    put: (path, json, options = {}) => request("PUT", path, { ...options, json }),
    putFile,
  };
}
