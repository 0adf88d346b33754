import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  S3Error,
  S3_STAND_IN_CREDENTIALS,
  S3_STAND_IN_REGION,
  md5,
  metadataOf,
  noSuchBucket,
  noSuchKey,
  noSuchUpload,
  objectHeaders,
  rangeOf,
  readBody,
  verifySignature,
  xmlDocument,
  xmlParser,
  type Bucket,
  type MultipartUpload,
  type StoredObject,
  type Xml,
} from './s3-stand-in-protocol.ts';

export { S3_STAND_IN_CREDENTIALS, S3_STAND_IN_REGION };

/**
 * A small S3-compatible server on loopback, answering as the Amazon S3 API reference documents the
 * calls the product makes: CreateBucket, HeadBucket, PutObject, GetObject (with Range), HeadObject,
 * CopyObject, DeleteObject, DeleteObjects, ListObjectsV2, CreateMultipartUpload, UploadPart,
 * ListParts, CompleteMultipartUpload (parts of at least 5 MiB but the last), AbortMultipartUpload and
 * ListMultipartUploads. Path-style addressing; every request must carry a valid AWS Signature
 * Version 4 (header form), and a signed payload hash must match the body. Objects live in memory.
 */
const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface S3StandIn {
  /** http://127.0.0.1:port */
  endpoint: string;
  buckets: Map<string, Bucket>;
  /** Every request: method, path and query, in order. */
  requests: { method: string; path: string; query: string }[];
  /** The keys of a bucket, sorted. */
  keys(bucket: string): string[];
  /** An outage (issue 35): while down, every request is answered 503 ServiceUnavailable. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startS3StandIn(bucketNames: string[] = []): Promise<S3StandIn> {
  const buckets = new Map<string, Bucket>(bucketNames.map((name) => [name, { objects: new Map(), uploads: new Map() }]));
  const requests: S3StandIn['requests'] = [];
  let down = false;

  function bucketOf(name: string): Bucket {
    const bucket = buckets.get(name);
    if (!bucket) throw noSuchBucket(name);
    return bucket;
  }
  function uploadOf(bucket: Bucket, id: string, key: string): MultipartUpload {
    const upload = bucket.uploads.get(id);
    if (!upload || upload.key !== key) throw noSuchUpload(id);
    return upload;
  }

  function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer | string): void {
    res.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(), ...headers });
    res.end(res.req.method === 'HEAD' ? undefined : body);
  }
  const sendXml = (res: ServerResponse, root: string, value: { [name: string]: Xml | undefined }) =>
    send(res, 200, { 'content-type': 'application/xml' }, xmlDocument(root, value));

  function listObjects(res: ServerResponse, name: string, bucket: Bucket, query: URLSearchParams): void {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const maxKeys = Math.min(1000, Number(query.get('max-keys') ?? 1000));
    const token = query.get('continuation-token');
    const after = token ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const contents: StoredObject[] = [];
    const keys: string[] = [];
    const commonPrefixes = new Set<string>();
    let truncated = false;
    let last = '';
    for (const key of [...bucket.objects.keys()].sort()) {
      if (!key.startsWith(prefix) || key <= after) continue;
      const rest = key.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      const common = cut >= 0 ? prefix + rest.slice(0, cut + delimiter.length) : null;
      if (common && commonPrefixes.has(common)) continue;
      if (keys.length + commonPrefixes.size >= maxKeys) {
        truncated = true;
        break;
      }
      if (common) commonPrefixes.add(common);
      else {
        keys.push(key);
        contents.push(bucket.objects.get(key)!);
      }
      last = common ?? key;
    }
    sendXml(res, 'ListBucketResult', {
      Name: name,
      Prefix: prefix,
      Delimiter: delimiter || undefined,
      KeyCount: keys.length + commonPrefixes.size,
      MaxKeys: maxKeys,
      IsTruncated: truncated,
      ContinuationToken: token ?? undefined,
      NextContinuationToken: truncated ? Buffer.from(last).toString('base64url') : undefined,
      Contents: keys.map((key, i) => ({
        Key: key,
        LastModified: contents[i]!.lastModified.toISOString(),
        ETag: contents[i]!.etag,
        Size: contents[i]!.body.length,
        StorageClass: 'STANDARD',
      })),
      CommonPrefixes: [...commonPrefixes].map((p) => ({ Prefix: p })),
    });
  }

  function getObject(req: IncomingMessage, res: ServerResponse, object: StoredObject): void {
    const size = object.body.length;
    const header = req.headers.range;
    const range = header ? rangeOf(header, size) : null;
    if (!range) {
      send(res, 200, { ...objectHeaders(object), 'content-length': String(size) }, object.body);
      return;
    }
    const { start, end } = range;
    send(
      res,
      206,
      { ...objectHeaders(object), 'content-length': String(end - start + 1), 'content-range': `bytes ${start}-${end}/${size}` },
      object.body.subarray(start, end + 1),
    );
  }

  function completeUpload(res: ServerResponse, name: string, bucket: Bucket, key: string, id: string, body: Buffer): void {
    const upload = uploadOf(bucket, id, key);
    const parsed = xmlParser.parse(body.toString('utf8')) as {
      CompleteMultipartUpload?: { Part?: { PartNumber: string; ETag: string }[] };
    };
    const listed = parsed.CompleteMultipartUpload?.Part ?? [];
    if (listed.length === 0)
      throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
    const parts = listed.map((p, i) => {
      const number = Number(p.PartNumber);
      const part = upload.parts.get(number);
      if (!part || part.etag.replace(/"/g, '') !== String(p.ETag).replace(/"/g, ''))
        throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
      if (i > 0 && number <= Number(listed[i - 1]!.PartNumber))
        throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
      if (i < listed.length - 1 && part.body.length < MIN_PART_SIZE)
        throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
      return part;
    });
    const joined = Buffer.concat(parts.map((p) => p.body));
    const etag = `"${createHash('md5')
      .update(Buffer.concat(parts.map((p) => Buffer.from(p.etag.replace(/"/g, ''), 'hex'))))
      .digest('hex')}-${parts.length}"`;
    bucket.objects.set(key, {
      body: joined,
      etag,
      lastModified: new Date(),
      contentType: upload.contentType,
      metadata: upload.metadata,
      tagging: upload.tagging,
    });
    bucket.uploads.delete(id);
    sendXml(res, 'CompleteMultipartUploadResult', { Location: `/${name}/${key}`, Bucket: name, Key: key, ETag: etag });
  }

  function listParts(res: ServerResponse, name: string, upload: MultipartUpload, id: string, query: URLSearchParams): void {
    const marker = Number(query.get('part-number-marker') ?? 0);
    const maxParts = Math.min(1000, Number(query.get('max-parts') ?? 1000));
    const numbers = [...upload.parts.keys()].filter((n) => n > marker).sort((a, b) => a - b);
    const page = numbers.slice(0, maxParts);
    const truncated = numbers.length > page.length;
    sendXml(res, 'ListPartsResult', {
      Bucket: name,
      Key: upload.key,
      UploadId: id,
      PartNumberMarker: marker,
      NextPartNumberMarker: page.at(-1) ?? marker,
      MaxParts: maxParts,
      IsTruncated: truncated,
      StorageClass: 'STANDARD',
      Part: page.map((n) => {
        const part = upload.parts.get(n)!;
        return { PartNumber: n, LastModified: part.lastModified.toISOString(), ETag: part.etag, Size: part.body.length };
      }),
    });
  }

  async function handleObject(req: IncomingMessage, res: ServerResponse, name: string, key: string, query: URLSearchParams, body: Buffer) {
    const bucket = bucketOf(name);
    const uploadId = query.get('uploadId');
    switch (req.method) {
      case 'HEAD':
      case 'GET': {
        if (uploadId !== null && req.method === 'GET') return listParts(res, name, uploadOf(bucket, uploadId, key), uploadId, query);
        const object = bucket.objects.get(key);
        if (!object) throw noSuchKey(key);
        return getObject(req, res, object);
      }
      case 'PUT': {
        if (uploadId !== null) {
          const upload = uploadOf(bucket, uploadId, key);
          const number = Number(query.get('partNumber'));
          if (!Number.isInteger(number) || number < 1 || number > 10000)
            throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
          const etag = `"${md5(body)}"`;
          upload.parts.set(number, { body, etag, lastModified: new Date() });
          return send(res, 200, { etag });
        }
        const source = req.headers['x-amz-copy-source'];
        if (typeof source === 'string') {
          const decoded = decodeURIComponent(source.replace(/^\//, ''));
          const slash = decoded.indexOf('/');
          const from = bucketOf(decoded.slice(0, slash)).objects.get(decoded.slice(slash + 1));
          if (!from) throw noSuchKey(decoded.slice(slash + 1));
          const replace = req.headers['x-amz-metadata-directive'] === 'REPLACE';
          const copy: StoredObject = {
            ...from,
            lastModified: new Date(),
            metadata: replace ? metadataOf(req) : from.metadata,
            contentType: replace ? (req.headers['content-type'] ?? 'binary/octet-stream') : from.contentType,
          };
          bucket.objects.set(key, copy);
          return sendXml(res, 'CopyObjectResult', { LastModified: copy.lastModified.toISOString(), ETag: copy.etag });
        }
        const expectedMd5 = req.headers['content-md5'];
        if (typeof expectedMd5 === 'string' && createHash('md5').update(body).digest('base64') !== expectedMd5)
          throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
        const etag = `"${md5(body)}"`;
        bucket.objects.set(key, {
          body,
          etag,
          lastModified: new Date(),
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
          metadata: metadataOf(req),
          tagging: req.headers['x-amz-tagging'] as string | undefined,
        });
        return send(res, 200, { etag });
      }
      case 'POST': {
        if (query.has('uploads')) {
          const id = randomBytes(16).toString('hex');
          bucket.uploads.set(id, {
            key,
            initiated: new Date(),
            contentType: req.headers['content-type'] ?? 'binary/octet-stream',
            metadata: metadataOf(req),
            tagging: req.headers['x-amz-tagging'] as string | undefined,
            parts: new Map(),
          });
          return sendXml(res, 'InitiateMultipartUploadResult', { Bucket: name, Key: key, UploadId: id });
        }
        if (uploadId !== null) return completeUpload(res, name, bucket, key, uploadId, body);
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
      }
      case 'DELETE': {
        if (uploadId !== null) {
          uploadOf(bucket, uploadId, key);
          bucket.uploads.delete(uploadId);
        } else bucket.objects.delete(key);
        return send(res, 204, {});
      }
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  function handleBucket(req: IncomingMessage, res: ServerResponse, name: string, query: URLSearchParams, body: Buffer): void {
    if (req.method === 'PUT') {
      if (!buckets.has(name)) buckets.set(name, { objects: new Map(), uploads: new Map() });
      return send(res, 200, { location: `/${name}` });
    }
    const bucket = bucketOf(name);
    if (req.method === 'HEAD') return send(res, 200, {});
    if (req.method === 'GET' && query.has('uploads'))
      return sendXml(res, 'ListMultipartUploadsResult', {
        Bucket: name,
        IsTruncated: false,
        Upload: [...bucket.uploads].map(([id, u]) => ({ Key: u.key, UploadId: id, Initiated: u.initiated.toISOString() })),
      });
    if (req.method === 'GET') return listObjects(res, name, bucket, query);
    if (req.method === 'POST' && query.has('delete')) {
      const parsed = xmlParser.parse(body.toString('utf8')) as { Delete?: { Quiet?: string; Object?: { Key: string }[] } };
      const objects = parsed.Delete?.Object ?? [];
      if (objects.length > 1000)
        throw new S3Error(
          400,
          'MalformedXML',
          'The XML you provided was not well-formed or did not validate against our published schema.',
        );
      for (const { Key } of objects) bucket.objects.delete(String(Key));
      const quiet = parsed.Delete?.Quiet === 'true';
      return sendXml(res, 'DeleteResult', { Deleted: quiet ? [] : objects.map(({ Key }) => ({ Key: String(Key) })) });
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  const server: Server = createServer((req, res) => {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const rawPath = q < 0 ? raw : raw.slice(0, q);
    const rawQuery = q < 0 ? '' : raw.slice(q + 1);
    requests.push({ method: req.method ?? '', path: rawPath, query: rawQuery });
    if (down) {
      req.resume();
      return send(res, 503, { 'content-type': 'application/xml' }, xmlDocument('Error', { Code: 'ServiceUnavailable', Message: 'Down.' }));
    }
    const query = new URLSearchParams(rawQuery);
    const [name = '', ...rest] = rawPath.replace(/^\//, '').split('/');
    const key = decodeURIComponent(rest.join('/'));
    readBody(req)
      .then(async (body) => {
        verifySignature(req, rawPath, rawQuery, body);
        if (!name) throw new S3Error(501, 'NotImplemented', 'ListBuckets is not implemented');
        if (key) await handleObject(req, res, decodeURIComponent(name), key, query, body);
        else handleBucket(req, res, decodeURIComponent(name), query, body);
      })
      .catch((error: unknown) => {
        const e =
          error instanceof S3Error ? error : new S3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
        send(
          res,
          e.status,
          { 'content-type': 'application/xml' },
          xmlDocument('Error', { Code: e.code, Message: e.message, Resource: e.resource, RequestId: randomBytes(8).toString('hex') }),
        );
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets,
    requests,
    keys: (bucket) => [...bucketOf(bucket).objects.keys()].sort(),
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The settings that point an instance at a bucket of the stand-in (path-style, its credentials). */
export function s3Env(standIn: S3StandIn, bucket: string): Record<string, string> {
  return {
    S3_ENDPOINT: standIn.endpoint,
    S3_REGION: S3_STAND_IN_REGION,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
