#!/usr/bin/env node
import { PROCESS_IO } from './io/cli-io.js';
import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), PROCESS_IO);
