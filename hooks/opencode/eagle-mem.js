// eagle-mem's OpenCode plugin, installed by `eagle-mem install --agent opencode` and removed by uninstall.
// OpenCode runs plugins in its own process and has no command hooks, so this file is the adapter: it builds the
// Claude Code-shaped payload eagle-mem's hook entry reads, hands it to `eagle-mem-hook <Event> --agent opencode`
// (the shim asks the warm `eagle-mem serve` and falls back to the binary) and applies the answer the OpenCode way.
// Fail-open: an error, a timeout or an answer it cannot read changes nothing; OpenCode goes on as if unhooked.

import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";

// The hook program as install wrote it (shell and program, then "hook" for the binary); the variable overrides it.
const HOOK = process.env.EAGLE_MEM_OPENCODE_HOOK ? JSON.parse(process.env.EAGLE_MEM_OPENCODE_HOOK) : /*HOOK*/["eagle-mem-hook"];
// Set by people capturing payloads or chasing a bug: every call, its payload and its answer go there as JSON lines.
const LOG = process.env.EAGLE_MEM_OPENCODE_LOG;
// Bounded waits: a hook that hangs must not hang OpenCode (Stop and compaction summarize, so they get longer).
const TIMEOUT_MS = { Stop: 60000, PreCompact: 60000, SessionEnd: 10000 };
const DEFAULT_TIMEOUT_MS = 30000;

// OpenCode's tools in Claude Code's names, which eagle-mem's guard and capture read.
const TOOLS = { bash: "Bash", read: "Read", write: "Write", edit: "Edit", todowrite: "TodoWrite" };

function record(entry) {
  if (!LOG) return;
  try {
    appendFileSync(LOG, JSON.stringify(entry) + "\n");
  } catch {
    // logging is a debugging aid; it never stops a hook
  }
}

function snake(key) {
  return key.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());
}

function camel(key) {
  return key.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
}

function toolInput(args) {
  const input = {};
  for (const [key, value] of Object.entries(args ?? {})) input[snake(key)] = value;
  return input;
}

// Runs the hook for one event; resolves to its answer (a parsed JSON object) or null, never rejects.
function hook(event, payload) {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer, why) => {
      if (settled) return;
      settled = true;
      record({ event, payload, answer, why });
      resolve(answer);
    };
    try {
      const child = spawn(HOOK[0], [...HOOK.slice(1), event, "--agent", "opencode"], {
        cwd: payload.cwd,
        env: { ...process.env, EAGLE_AGENT_SOURCE: "opencode" },
        stdio: ["pipe", "pipe", "ignore"],
      });
      let out = "";
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        finish(null, "timeout");
      }, TIMEOUT_MS[event] ?? DEFAULT_TIMEOUT_MS);
      child.stdout.on("data", (chunk) => (out += chunk));
      child.on("error", (e) => {
        clearTimeout(timer);
        finish(null, String(e));
      });
      child.on("close", () => {
        clearTimeout(timer);
        const line = out.trim().split("\n").pop();
        try {
          finish(line ? JSON.parse(line) : null);
        } catch (e) {
          finish(null, "unreadable answer: " + line);
        }
      });
      child.stdin.on("error", () => {});
      child.stdin.end(JSON.stringify(payload));
    } catch (e) {
      finish(null, String(e));
    }
  });
}

function context(answer) {
  const text = answer?.hookSpecificOutput?.additionalContext;
  return typeof text === "string" && text.trim() ? text : null;
}

export const EagleMem = async ({ directory }) => {
  const started = new Map(); // session id → SessionStart's context (a promise), asked once per session
  const assistant = new Set(); // ids of assistant messages, whose text parts make the last assistant message
  const lastText = new Map(); // session id → the newest assistant text, for Stop
  const opened = new Set(); // sessions whose first prompt already carried SessionStart's recall

  const base = (sessionID, event) => ({
    session_id: sessionID,
    cwd: directory,
    hook_event_name: event,
    agent: "opencode",
  });

  const start = (sessionID, source) => {
    if (!started.has(sessionID)) {
      started.set(sessionID, hook("SessionStart", { ...base(sessionID, "SessionStart"), source }).then(context));
    }
    return started.get(sessionID);
  };

  return {
    event: async ({ event }) => {
      try {
        const p = event.properties ?? {};
        switch (event.type) {
          case "session.created":
            // a sub-agent's session (parentID) is part of its parent's work, as Claude Code's sub-agents are
            if (!p.info?.parentID) await start(p.info?.id ?? p.sessionID, "startup");
            break;
          case "message.updated":
            if (p.info?.role === "assistant") assistant.add(p.info.id);
            break;
          case "message.part.updated":
            if (p.part?.type === "text" && assistant.has(p.part.messageID) && p.part.text) {
              lastText.set(p.part.sessionID, p.part.text);
            }
            break;
          case "session.idle":
            if (started.has(p.sessionID)) {
              await hook("Stop", {
                ...base(p.sessionID, "Stop"),
                stop_hook_active: false,
                last_assistant_message: lastText.get(p.sessionID) ?? "",
              });
            }
            break;
          case "session.deleted":
            if (started.has(p.info?.id)) await hook("SessionEnd", { ...base(p.info.id, "SessionEnd"), reason: "other" });
            break;
        }
      } catch (e) {
        record({ event: event?.type, why: String(e) });
      }
    },

    // The prompt: SessionStart's recall (first prompt of the session) and the prompt's own recall go in as one
    // synthetic text part of the user's message, which the model reads and the transcript keeps.
    "chat.message": async (input, output) => {
      try {
        const opening = opened.has(input.sessionID) ? null : await start(input.sessionID, "resume");
        opened.add(input.sessionID);
        const prompt = (output.parts ?? [])
          .filter((part) => part.type === "text" && !part.synthetic)
          .map((part) => part.text)
          .join("\n");
        const recall = prompt
          ? context(await hook("UserPromptSubmit", { ...base(input.sessionID, "UserPromptSubmit"), prompt }))
          : null;
        const text = [opening, recall].filter(Boolean).join("\n\n");
        if (!text || !output.message?.id) return;
        output.parts.push({
          // part ids sort by time; this one sorts right after the message's own parts
          id: (output.parts.at(-1)?.id ?? output.message.id.replace(/^msg/, "prt")) + "z",
          sessionID: input.sessionID,
          messageID: output.message.id,
          type: "text",
          text,
          synthetic: true,
        });
      } catch (e) {
        record({ event: "chat.message", why: String(e) });
      }
    },

    // Release gate and token guard: a deny is a thrown error (its message is what the model reads); a rewrite
    // changes the arguments in place, in OpenCode's own field names.
    "tool.execute.before": async (input, output) => {
      let answer;
      try {
        const name = TOOLS[input.tool] ?? input.tool;
        answer = (
          await hook("PreToolUse", {
            ...base(input.sessionID, "PreToolUse"),
            tool_name: name,
            tool_input: toolInput(output.args),
            tool_use_id: input.callID,
          })
        )?.hookSpecificOutput;
        if (answer?.permissionDecision === "allow" && answer.updatedInput && typeof answer.updatedInput === "object") {
          for (const [key, value] of Object.entries(answer.updatedInput)) output.args[camel(key)] = value;
        }
      } catch (e) {
        record({ event: "PreToolUse", why: String(e) });
        return;
      }
      if (answer?.permissionDecision === "deny") {
        throw new Error(answer.permissionDecisionReason || "Blocked by eagle-mem.");
      }
    },

    "tool.execute.after": async (input, output) => {
      try {
        const exit = output.metadata?.exit;
        const answer = await hook("PostToolUse", {
          ...base(input.sessionID, "PostToolUse"),
          tool_name: TOOLS[input.tool] ?? input.tool,
          tool_input: toolInput(input.args),
          tool_response: {
            stdout: typeof output.output === "string" ? output.output : "",
            ...(Number.isInteger(exit) ? { exit_code: exit } : {}),
            title: output.title,
          },
          tool_use_id: input.callID,
        });
        const text = context(answer);
        if (text && typeof output.output === "string") output.output += "\n\n" + text;
      } catch (e) {
        record({ event: "PostToolUse", why: String(e) });
      }
    },

    // Compaction: PreCompact stores the checkpoint, then SessionStart(compact) gives the "where you were" block,
    // which goes into the compaction prompt so the summary the session continues from carries it.
    "experimental.session.compacting": async (input, output) => {
      try {
        await hook("PreCompact", { ...base(input.sessionID, "PreCompact"), trigger: "auto" });
        const text = context(await hook("SessionStart", { ...base(input.sessionID, "SessionStart"), source: "compact" }));
        if (text) output.context.push(text);
      } catch (e) {
        record({ event: "PreCompact", why: String(e) });
      }
    },
  };
};
