import { describe, expect, it } from 'vitest';
import { fileStoreFromEnv } from '../../src/server/config.ts';

const S3 = { FILE_STORE: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('FILE_STORE settings', () => {
  it('keeps files on disk unless told otherwise', () => {
    expect(fileStoreFromEnv({})).toEqual({ kind: 'disk' });
    expect(fileStoreFromEnv({ FILE_STORE: '' })).toEqual({ kind: 'disk' });
  });

  it('reads the bucket settings; path style by default for a server of your own, not for AWS', () => {
    expect(fileStoreFromEnv({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3' })).toEqual(
      {
        kind: 's3',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        bucket: 'files',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    );
    expect(fileStoreFromEnv(S3)).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      fileStoreFromEnv({ ...S3, S3_ENDPOINT: 'https://s3.example.org', S3_FORCE_PATH_STYLE: 'false' }),
    ).toMatchObject({ forcePathStyle: false });
  });

  it('stops the start, naming what is missing or wrong', () => {
    expect(() => fileStoreFromEnv({ FILE_STORE: 's3' })).toThrow(
      'FILE_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY to be set',
    );
    expect(() => fileStoreFromEnv({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/needs S3_SECRET_ACCESS_KEY/);
    expect(() => fileStoreFromEnv({ FILE_STORE: 'minio' })).toThrow(/"disk" or "s3", got "minio"/);
    expect(() => fileStoreFromEnv({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be a URL/);
    expect(() => fileStoreFromEnv({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
