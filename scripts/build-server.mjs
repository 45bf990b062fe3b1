#!/usr/bin/env node
// Bundles the server into dist/server/main.mjs when a source changed since (scripts/lib.mjs,
// ensureServerBuild; decision 061). `--force` bundles it whatever the dates say.
import { ensureServerBuild } from './lib.mjs';

ensureServerBuild({ force: process.argv.includes('--force') });
