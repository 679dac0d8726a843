// What the gateway's and the page's tests share.
import { spawn } from "node:child_process";

// Starts a process and resolves once a stdout line starts with `prefix`, with the rest of that
// line and the process's stderr so far; rejects if it exits first.
export function start(command, args, prefix) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (d) => { stderr += d; });
    child.stdout.on("data", (d) => {
      stdout += d;
      const line = stdout.split("\n").find((l) => l.startsWith(prefix));
      if (line !== undefined) resolve({ child, rest: line.slice(prefix.length).trim(), log: () => stderr });
    });
    child.on("exit", (code) => reject(new Error(`${command} exited (${code}): ${stderr}`)));
  });
}
