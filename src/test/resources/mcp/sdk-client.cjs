// Drives `eagle-mem mcp` with the official MCP TypeScript SDK client (McpSdkClientIT runs it with node).
// argv: <tools dir holding node_modules> <eagle-mem launcher> ; the server runs in the working directory.
// Prints one JSON report on stdout: what the client saw; the Java test asserts on it.
const { createRequire } = require('node:module');
const path = require('node:path');
const sdk = createRequire(path.join(process.argv[2], 'package.json'));
const { Client } = sdk('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = sdk('@modelcontextprotocol/sdk/client/stdio.js');
const { CallToolResultSchema } = sdk('@modelcontextprotocol/sdk/types.js');

async function main() {
  const transport = new StdioClientTransport({
    command: process.argv[3], args: ['mcp'], cwd: process.cwd(), env: process.env, stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr.on('data', (d) => { stderr += d; });
  const client = new Client({ name: 'eagle-mem-it', version: '1.0.0' });
  await client.connect(transport);
  const report = { server: client.getServerVersion(), instructions: client.getInstructions() };
  report.tools = (await client.listTools()).tools;

  // The SDK client checks every answer against the protocol's schemas (CallToolResultSchema).
  const call = async (name, args) => {
    try {
      const r = await client.callTool({ name, arguments: args }, CallToolResultSchema);
      const text = r.content && r.content[0] ? r.content[0].text : '';
      let json = null;
      try { json = JSON.parse(text); } catch (e) { /* tool errors are text */ }
      return { isError: r.isError === true, text, json };
    } catch (e) {
      return { protocolError: { code: e.code, message: e.message } };
    }
  };
  const calls = {};
  calls.memory_add = await call('memory_add', { kind: 'gotcha', content: 'Stripe webhooks arrive twice; dedupe on event id',
    files: ['src/webhooks.ts'] });
  const memId = calls.memory_add.json ? 'mem-' + calls.memory_add.json.memory.id : 'mem-0';
  calls.search = await call('search', { query: 'stripe webhooks', limit: 5 });
  calls.timeline = await call('timeline', { id: memId, before: 3, after: 3 });
  calls.get = await call('get', { ids: [memId, 'sum-9999'] });
  calls.memory_update = await call('memory_update', { id: memId, title: 'Stripe webhooks arrive twice' });
  calls.session_save = await call('session_save', { request: 'Fix double charges', completed: 'Deduped webhooks',
    decisions: 'Dedupe on the event id' });
  calls.feature_pending = await call('feature_pending', {});
  calls.code_search = await call('code_search', { query: 'webhook' });
  // paging: two hits for one word, one per page; the second page asked for with the first's next_offset
  calls.page_add_one = await call('memory_add', { kind: 'pattern', content: 'Ledger exports stream rows in batches' });
  calls.page_add_two = await call('memory_add', { kind: 'pattern', content: 'Ledger imports check totals before commit' });
  calls.page_one = await call('search', { query: 'ledger', limit: 1 });
  const next = calls.page_one.json ? calls.page_one.json.next_offset : 1;
  calls.page_two = await call('search', { query: 'ledger', limit: 1, offset: next });
  calls.memory_forget = await call('memory_forget', { id: memId, reason: 'test' });
  calls.search_after_forget = await call('search', { query: 'stripe webhooks' });
  // wrong input: a schema violation, a value the service refuses, a tool that does not exist
  calls.bad_type = await call('search', { query: 42 });
  calls.bad_limit = await call('search', { query: 'x', limit: 1000 });
  calls.bad_offset = await call('search', { query: 'x', offset: 100000 });
  calls.bad_id = await call('timeline', { id: 'not-an-id' });
  calls.unknown_tool = await call('no_such_tool', {});
  try {
    await client.request({ method: 'no/such/method', params: {} }, CallToolResultSchema);
    report.unknownMethod = { answered: true };
  } catch (e) {
    report.unknownMethod = { code: e.code, message: e.message };
  }
  report.calls = calls;
  report.afterErrors = (await client.listTools()).tools.length;
  await client.close();
  report.stderr = stderr;
  process.stdout.write(JSON.stringify(report) + '\n');
}

main().catch((e) => { process.stdout.write(JSON.stringify({ fatal: String(e && e.stack || e) }) + '\n'); process.exit(1); });
