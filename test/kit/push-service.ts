// A push service for tests, on loopback (Node http only): it takes Web Push messages as a browser's push
// service does (POST to a subscription's endpoint, aes128gcm body, VAPID authorization), answers each with
// the status a test scripted (201 by default), and keeps them. Subscriptions are made here as a browser
// makes them, with real P-256 keys and an auth secret, so a test can decrypt what the server sent (RFC
// 8291 over RFC 8188) and check the VAPID signature (RFC 8292) with the server's public key.
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A browser's subscription, with the private half the browser keeps. */
export interface TestSubscription {
  /** As PushSubscription.toJSON() writes it: what the app sends to POST /api/push/subscriptions. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The status this service answered. */
  status: number;
}

export interface TestPushService {
  origin: string;
  /** Every message received, in order. */
  received: ReceivedPush[];
  subscribe(): TestSubscription;
  /** Answers the subscription's next messages with `status` (410: the browser unsubscribed). */
  answer(subscription: TestSubscription, status: number): void;
  /** The messages received for a subscription, decrypted and parsed. */
  messagesFor(subscription: TestSubscription): unknown[];
  reset(): void;
  close(): Promise<void>;
}

export async function startTestPushService(): Promise<TestPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url ?? ''}`;
      const status = request.method === 'POST' ? (statuses.get(endpoint) ?? 201) : 405;
      received.push({ endpoint, headers: request.headers, body: Buffer.concat(chunks), status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const subscriptions = new Map<string, TestSubscription>();
  return {
    origin,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      const subscription: TestSubscription = {
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
        },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret,
      };
      subscriptions.set(endpoint, subscription);
      return subscription;
    },
    answer(subscription, status) {
      statuses.set(subscription.json.endpoint, status);
    },
    messagesFor(subscription) {
      return received
        .filter((push) => push.endpoint === subscription.json.endpoint)
        .map((push) => JSON.parse(decryptPush(subscription, push.body).toString('utf8')) as unknown);
    },
    reset() {
      received.length = 0;
      statuses.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3.4 and RFC 8188: what the browser does with a push message's body. */
export function decryptPush(subscription: TestSubscription, body: Buffer): Buffer {
  // The aes128gcm header: salt (16), record size (4), key id length (1), key id (the sender's public key).
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const sharedSecret = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.publicKey, senderKey]);
  const ikm = hkdf(subscription.authSecret, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  // One record (a reminder is far below the 4 KB record size), so its sequence number is 0 and the nonce
  // is used as it is.
  if (records.length > body.readUInt32BE(16)) throw new Error('a push message of more than one record');
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record's delimiter is 2, followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the push message does not end with a last-record delimiter');
  return padded.subarray(0, end);
}

/**
 * The VAPID claims of a message's `Authorization: vapid t=<JWT>, k=<public key>`, once its ES256 signature
 * is checked against `k`; throws if it does not verify.
 */
export function vapidClaims(push: ReceivedPush): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push.headers.authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${push.headers.authorization}`);
  const [, jwt, publicKey] = match as unknown as [string, string, string];
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  return {
    publicKey,
    claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>,
  };
}
