import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  mcpGenerateLinesInput,
  mcpGenerateLinesOutput,
  mcpGetUsageInput,
  mcpGetUsageOutput,
  mcpListSavedLinesInput,
  mcpListSavedLinesOutput,
  mcpSaveLineInput,
  mcpSaveLineOutput,
  type McpToolName,
} from '@gl/core';
import { AppError, type Logger } from '@gl/core/server';
import { parse } from '../http/respond';
import type { ApiCaller, PublicApiService } from '../api-keys';

interface ToolDefinition<I extends z.ZodType, O extends z.ZodType> {
  name: McpToolName;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: Tool['annotations'];
  /** Before the arguments are read (the generation limits count malformed calls too, as /api/v1 does). */
  admit?: (api: PublicApiService, caller: ApiCaller) => Promise<void>;
  run: (api: PublicApiService, caller: ApiCaller, args: z.infer<I>) => Promise<z.infer<O>>;
}

const tool = <I extends z.ZodType, O extends z.ZodType>(def: ToolDefinition<I, O>) =>
  def as unknown as ToolDefinition<z.ZodType, z.ZodType>;

/** The tools: each one a call of the public API's service, with the contract's schemas. */
export const MCP_TOOLS = [
  tool({
    name: 'generate_lines',
    title: 'Generate lines',
    description:
      'Writes short lines (taglines, bios, captions, quotes, slogans, ad lines) for a brief and waits for them (up to 30 seconds). Counts as one generation of the Business plan, like POST /api/v1/generate.',
    input: mcpGenerateLinesInput,
    output: mcpGenerateLinesOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: false },
    admit: (api, caller) => api.admitGeneration(caller),
    run: (api, caller, args) => api.generate(caller, args),
  }),
  tool({
    name: 'save_line',
    title: 'Save a line',
    description:
      'Saves a line to the library. When the same text (any case) is already saved, answers that line with alreadySaved true and saves nothing.',
    input: mcpSaveLineInput,
    output: mcpSaveLineOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    run: (api, caller, args) => api.saveLine(caller, args),
  }),
  tool({
    name: 'list_saved_lines',
    title: 'List saved lines',
    description:
      'Searches the library, newest first: optional search text and category, up to 100 per page; pass nextCursor back as cursor for the next page.',
    input: mcpListSavedLinesInput,
    output: mcpListSavedLinesOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: (api, caller, args) => api.listSavedLines(caller, args),
  }),
  tool({
    name: 'get_usage',
    title: 'Get usage',
    description: "Today's generations: used, remaining and the daily limit (-1 means unlimited), and when the count resets.",
    input: mcpGetUsageInput,
    output: mcpGetUsageOutput,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (api, caller) => ({ usage: await api.usage(caller) }),
  }),
];

/** A contract schema as the JSON Schema (draft 7, what MCP clients validate with) of a tool's input or output. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest as Tool['inputSchema'];
}

const LISTED_TOOLS: Tool[] = MCP_TOOLS.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: jsonSchemaOf(t.input, 'input'),
  outputSchema: jsonSchemaOf(t.output, 'output'),
  annotations: { title: t.title, ...t.annotations },
}));

/** The MCP server's version (its tools and their schemas), as clients see it at initialisation. */
export const MCP_SERVER_VERSION = '1.0.0';

const toolError = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/**
 * An MCP server (the official SDK's low-level `Server`) for one authenticated caller: tools/list
 * answers the tools with the contract's JSON Schemas; tools/call parses the arguments with the same
 * `parse()` as the HTTP routes and runs the public API's service. A refusal (bad arguments, plan,
 * quota, rate limit, timeout) is a tool error with the same message the API gives; anything
 * unexpected is logged and answered with a generic message, never a stack.
 */
export function createMcpServer(api: PublicApiService, caller: ApiCaller, logger: Logger): Server {
  const server = new Server(
    { name: 'genius-lines', title: 'Genius Lines', version: MCP_SERVER_VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Genius Lines writes short creative lines (taglines, bios, captions, quotes, slogans, ad lines) and keeps a searchable library of saved lines. Use generate_lines for new lines, save_line to keep one, list_saved_lines to find saved ones, get_usage for the remaining quota.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTED_TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const def = MCP_TOOLS.find((t) => t.name === request.params.name);
    if (!def)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}: the tools are ${MCP_TOOLS.map((t) => t.name).join(', ')}`,
      );
    try {
      if (def.admit) await def.admit(api, caller);
      const args = parse(def.input, request.params.arguments ?? {});
      const result = (await def.run(api, caller, args)) as Record<string, unknown>;
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      if (err instanceof AppError && err.status !== 500) return toolError(err.message);
      logger.error({ tool: def.name, userId: caller.userId, err: (err as Error).message }, 'MCP tool failed');
      return toolError('Something went wrong on our side. Please try again.');
    }
  });
  return server;
}
