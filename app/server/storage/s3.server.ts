import { type Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { AppConfig } from "../platform/config.server";
import { assertPublicKey, assertSafeKey, type Storage } from "./storage.server";

type S3Settings = Extract<AppConfig["storage"], { driver: "s3" }>;

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    // A storage outage must fail an upload within seconds ("Failed to upload images"), not hang it.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 20_000 },
    maxAttempts: 2,
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  return {
    driver: "s3",
    async put(key, body, contentType, options) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: assertSafeKey(key),
          Body: body,
          ContentType: contentType,
          // Keys are never reused (random names), so a CDN may cache them forever; private
          // documents are never kept by any cache.
          CacheControl: options?.private ? "private, no-store" : "public, max-age=31536000, immutable",
        }),
      );
    },
    async stream(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: assertSafeKey(key) }));
        if (!result.Body) return null;
        return {
          body: result.Body as Readable,
          contentType: result.ContentType,
          size: result.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: assertSafeKey(key) }));
    },
    publicUrl(key) {
      return `${settings.publicBaseUrl}/${assertPublicKey(key)
        .split("/")
        .map(encodeURIComponent)
        .join("/")}`;
    },
  };
}
