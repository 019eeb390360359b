/* Runs one of the command-line tools (tools/<name>.ts) as a user would, capturing its output and exit code. */
import { execFileSync } from 'node:child_process';

export function runTool(tool: string, ...args: string[]): { out: string; err: string; code: number } {
  try {
    return { out: execFileSync('npx', ['tsx', `tools/${tool}.ts`, ...args], { encoding: 'utf8', stdio: 'pipe' }), err: '', code: 0 };
  } catch (e) {
    const x = e as { stdout: string; stderr: string; status: number };
    // npx's own warnings about the machine's npm configuration are not the tool's output.
    return { out: x.stdout, err: x.stderr.replace(/^npm warn .*\n/gm, ''), code: x.status };
  }
}
