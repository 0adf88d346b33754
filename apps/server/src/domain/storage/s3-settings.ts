import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { TConfig } from '../../config.ts';

/** The S3-compatible bucket the instance stores into, or null for the local folder. */
export interface S3Settings {
  bucket: string;
  clientConfig: S3ClientConfig;
}

export function s3SettingsOf(config: TConfig): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    bucket: config.S3_BUCKET,
    clientConfig: {
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(credentials ? { credentials } : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      // Checksums only where the API requires them: several S3-compatible servers (older MinIO,
      // Garage, B2) refuse the SDK's default aws-chunked CRC trailers on every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  };
}
