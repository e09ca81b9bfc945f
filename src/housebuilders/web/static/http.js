// The pages' one way to call the server: JSON in and out, a network failure answered
// like a response, so that every caller handles both alike.

/** fetch JSON: resolves to {ok, status, data} (data null where the body is not JSON),
 * or {ok: false, status: 0, data: null, network: true} when the server cannot be reached. */
export async function api(method, path, payload) {
  const init = { method, headers: { Accept: "application/json" } };
  if (payload !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(payload);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    return { ok: false, status: 0, data: null, network: true };
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  return { ok: response.ok, status: response.status, data };
}

/** Why an answer of `api` was refused, in a sentence: the server's error (with the rule
 * it names), the fields a request got wrong, or the status. */
export function errorText(r) {
  const body = r.data;
  if (r.network) return "could not reach the server";
  if (body && body.error) return body.rule ? `${body.error} (${body.rule})` : body.error;
  if (body && Array.isArray(body.detail)) {
    return body.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  if (body && typeof body.detail === "string") return body.detail;
  return `the server answered ${r.status}`;
}
