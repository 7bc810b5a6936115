#!/usr/bin/env node
// The compiled CLI lives in dist/ (`npm run build` at the repository root builds it).
import { main } from "../dist/main.js";

process.exitCode = await main(process.argv.slice(2));
