/**
 * The S3 stand-in's protocol: its stored shapes, S3's error and XML forms, AWS Signature Version 4
 * checking, request bodies and metadata, object headers and byte ranges (s3-stand-in.ts serves the calls).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { XMLParser } from 'fast-xml-parser';

export const S3_STAND_IN_CREDENTIALS = { accessKeyId: 'ppp-test-key', secretAccessKey: 'ppp-test-secret' };
export const S3_STAND_IN_REGION = 'us-east-1';

export interface StoredObject {
  body: Buffer;
  etag: string;
  lastModified: Date;
  contentType: string;
  metadata: Record<string, string>;
  tagging: string | undefined;
}
export interface MultipartUpload {
  key: string;
  initiated: Date;
  contentType: string;
  metadata: Record<string, string>;
  tagging: string | undefined;
  parts: Map<number, { body: Buffer; etag: string; lastModified: Date }>;
}
export interface Bucket {
  objects: Map<string, StoredObject>;
  uploads: Map<string, MultipartUpload>;
}

export class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  readonly resource: string | undefined;
  constructor(status: number, code: string, message: string, resource?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.resource = resource;
  }
}
export const noSuchKey = (key: string) => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', key);
export const noSuchBucket = (bucket: string) => new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.', bucket);
export const noSuchUpload = (id: string) =>
  new S3Error(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
    id,
  );

export const xmlParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'Part' || name === 'Object',
});

export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** An element tree as S3 writes it: {Name: value | nested | [repeated]}. */
export type Xml = string | number | boolean | Xml[] | { [name: string]: Xml | undefined };
export function toXml(name: string, value: Xml | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => toXml(name, v)).join('');
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}
export function xmlDocument(root: string, value: { [name: string]: Xml | undefined }): string {
  const body = toXml(root, value);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body.replace(`<${root}>`, `<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">`)}`;
}

export const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
export const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 canonical query strings use it. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function parseQuery(raw: string): [string, string][] {
  if (!raw) return [];
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return [decodeURIComponent(name.replace(/\+/g, '%20')), decodeURIComponent(value.replace(/\+/g, '%20'))];
    });
}

/** Checks the Authorization header as SigV4 defines it (canonical request, string to sign, signing key). */
export function verifySignature(req: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer): void {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const [, accessKeyId, date, region, signedHeaderList, signature] = match as unknown as [string, string, string, string, string, string];
  if (accessKeyId !== S3_STAND_IN_CREDENTIALS.accessKeyId)
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash.startsWith('STREAMING-'))
    throw new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body))
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  const signedHeaders = signedHeaderList.split(';');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = req.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalQuery = parseQuery(rawQuery)
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders, signedHeaderList, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = ['s3', 'aws4_request'].reduce<Buffer>(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${S3_STAND_IN_CREDENTIALS.secretAccessKey}`, date), region),
  );
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign).digest('hex'));
  if (!timingSafeEqual(expected, Buffer.from(signature)))
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function metadataOf(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(req.headers)
      .filter(([name]) => name.startsWith('x-amz-meta-'))
      .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
  );
}

export function objectHeaders(object: StoredObject): Record<string, string> {
  return {
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    'content-type': object.contentType,
    'accept-ranges': 'bytes',
    ...Object.fromEntries(Object.entries(object.metadata).map(([k, v]) => [`x-amz-meta-${k}`, v])),
  };
}

/** One byte range of `bytes=a-b`, `bytes=a-` or `bytes=-n` (S3 serves a single range). */
export function rangeOf(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable');
  return { start, end };
}
