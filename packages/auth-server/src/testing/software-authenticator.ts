/**
 * A WebAuthn authenticator in software for route tests: an ES256 key pair that answers registration
 * options with a "none" attestation and authentication options with a signed assertion, in the JSON
 * shapes @simplewebauthn/browser sends. Each part can be tampered with to test the server's checks.
 * Real browsers are covered by passkey.browser.test.ts (Chromium's virtual authenticator).
 * @module
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** Flags: user present (0x01), user verified (0x04), attested credential data (0x40). */
const flagsPresentVerified = 0x05;
const flagsWithCredential = 0x45;

export interface SoftwareAuthenticator {
  credentialId: string;
  /** Registration answer for `options_json` of initiate-passkey-registration. */
  register(
    options: { challenge: string },
    origin: string,
    overrides?: { rpId?: string; type?: string },
  ): Record<string, unknown>;
  /** Assertion for `options_json` of initiate-passkey-authentication. */
  authenticate(
    options: { challenge: string },
    origin: string,
    overrides?: { rpId?: string; signWith?: KeyObject; userHandle?: string },
  ): Record<string, unknown>;
}

function coseKeyOf(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("expected an EC public key");
  // COSE_Key: kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3).
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x, "base64url"))],
    [-3, new Uint8Array(Buffer.from(jwk.y, "base64url"))],
  ]);
  return isoCBOR.encode(key);
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export function createSoftwareAuthenticator(): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const rawId = randomBytes(16);
  const credentialId = b64url(rawId);
  let counter = 0;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId,
    register(options, origin, overrides = {}) {
      const rpId = overrides.rpId ?? new URL(origin).hostname;
      const credentialIdLength = Buffer.alloc(2);
      credentialIdLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flagsWithCredential]),
        counterBytes(counter),
        Buffer.alloc(16), // AAGUID: none
        credentialIdLength,
        rawId,
        coseKeyOf(publicKey),
      ]);
      const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
      attestation.set("fmt", "none");
      attestation.set("attStmt", new Map<string, string>());
      attestation.set("authData", new Uint8Array(authData));
      const attestationObject = isoCBOR.encode(attestation);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: b64url(
            clientData(overrides.type ?? "webauthn.create", options.challenge, origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
      };
    },
    authenticate(options, origin, overrides = {}) {
      counter += 1;
      const rpId = overrides.rpId ?? new URL(origin).hostname;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flagsPresentVerified]),
        counterBytes(counter),
      ]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
      const signature = sign(
        "sha256",
        Buffer.concat([authData, sha256(clientDataJSON)]),
        overrides.signWith ?? privateKey,
      );
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(overrides.userHandle === undefined ? {} : { userHandle: overrides.userHandle }),
        },
      };
    },
  };
}
