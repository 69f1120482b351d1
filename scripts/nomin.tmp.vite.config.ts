import { defineConfig, mergeConfig } from "vite";
import base from "../vite.config.ts";
export default mergeConfig(base, defineConfig({ root: "/work/main", build: { manifest: true, minify: false } }));
