// The limit of Node on this machine, for the auth bench's table (issue 30): a bare `node:http`
// server that answers every request with the JSON of a signed-in user as `GET /users/me` answers
// it (about the same size), with no routing, no middleware, no database. Loopback only; prints
// {"port": N} once it listens.
import { createServer } from "node:http";

const user = JSON.stringify({
  id: "3f1b3c9e-8a51-4f77-9d3c-6a2b1f0e4d21",
  primary_email: "peer-bench@example.com",
  primary_email_verified: false,
  primary_email_auth_enabled: true,
  display_name: null,
  selected_team: null,
  selected_team_id: null,
  profile_image_url: null,
  signed_up_at_millis: 1764400000000,
  last_active_at_millis: 1764400000000,
  has_password: true,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  client_metadata: null,
  client_read_only_metadata: null,
  auth_with_email: true,
  oauth_providers: [],
  is_anonymous: false,
  requires_totp_mfa: false,
});
const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(user),
  });
  response.end(user);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
