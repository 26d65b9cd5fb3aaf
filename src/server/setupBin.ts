#!/usr/bin/env node
/// <reference types="node" />
// The `wagmi-connector-pack-setup` command (package.json "bin"): the process's
// arguments, environment and streams to runSetupCommand.
import { runSetupCommand } from './setupCommand.js'

process.exitCode = await runSetupCommand({
  argv: process.argv.slice(2),
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
})
