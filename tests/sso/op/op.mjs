// The test OpenID Provider of the SSO tests (tests/sso/conftest.py): node-oidc-provider with its development login
// and consent forms, on a free port of this machine. Never deployed.
//
// Environment: CLIENTS (JSON list of clients: client_id, client_secret, redirect_uris; a client whose id starts with
// "expired" gets id_tokens that expired ten minutes before they were issued) and ACCOUNTS_FILE (a JSON file of
// login -> claims, read at every sign-in, so that a test says who signs in with which groups).
// Prints "OP_READY <issuer>" once it listens.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import Provider from 'oidc-provider';

const clients = JSON.parse(process.env.CLIENTS || '[]').map((client) => ({
  grant_types: ['authorization_code'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_post',
  ...client,
}));

function accountClaims(id) {
  let accounts = {};
  try {
    accounts = JSON.parse(fs.readFileSync(process.env.ACCOUNTS_FILE, 'utf8'));
  } catch {
    accounts = {};
  }
  return { email: id, email_verified: true, ...(accounts[id] || {}), sub: id };
}

const server = http.createServer();
server.listen(0, () => {
  const { port } = server.address();
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      groups: ['groups'],
    },
    conformIdTokenClaims: false,
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    async findAccount(ctx, id) {
      return { accountId: id, async claims() { return accountClaims(id); } };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    ttl: {
      IdToken: (ctx, token, client) => (client.clientId.startsWith('expired') ? -600 : 3600),
    },
  });
  server.on('request', provider.callback());
  console.log(`OP_READY ${issuer}`);
});
