// What a server's answer means for the queue (client.js): one word per case.
//
//   ok         stored (or read)                    conflict   409: another screen stored first
//   refused    the rules said no (4xx with a code)  forbidden  403: not this judge's table
//   login      the session expired (403 "login", or a redirect to the login page, or a page
//              that is not JSON)
//   offline    no connection, or the server failed (5xx): the event is kept and sent later

export function answerKind({ status, contentType, loginRedirect }, data) {
  if (loginRedirect) return "login";
  if (status >= 500) return "offline";
  if ((contentType || "").indexOf("json") === -1) return "login";
  const code = data && data.error && data.error.code;
  if (status === 200) return "ok";
  if (status === 409) return "conflict";
  if (status === 403) return code === "login" ? "login" : "forbidden";
  return "refused";
}

// The view in an answer, without what only the server's page uses.
export function viewOf(data) {
  const v = { ...data };
  delete v.error; delete v.log; delete v.protocol_problems;
  return v;
}
