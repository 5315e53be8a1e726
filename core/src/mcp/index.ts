/** MCP's browser-safe entry: the MCP endpoint's contract and types. */
export * from './mcp.contract';
