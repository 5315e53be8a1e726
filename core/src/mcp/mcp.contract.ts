import { z } from 'zod';
import { categorySchema } from '../platform/contract/common';
import { listSavedQuery, savedLinesPageDto } from '../lines';
import { v1GenerateBody, v1GenerateResultDto, v1SaveLineBody, v1SaveLineResultDto, v1UsageDto } from '../api-keys';

/**
 * The MCP server's tools (POST /api/mcp and the genius-lines-mcp stdio bridge): their arguments
 * and structured results are the public API's contract, so a tool takes exactly what /api/v1 takes
 * and answers what it answers (without the `success` flag).
 */
export const MCP_TOOL_NAMES = ['generate_lines', 'save_line', 'list_saved_lines', 'get_usage'] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

export const mcpGenerateLinesInput = v1GenerateBody;
export const mcpGenerateLinesOutput = v1GenerateResultDto.omit({ success: true });

export const mcpSaveLineInput = v1SaveLineBody;
export const mcpSaveLineOutput = v1SaveLineResultDto.omit({ success: true });

/** list_saved_lines: the library's search, as GET /lines/saved takes it (numbers as JSON numbers). */
export const mcpListSavedLinesInput = z.strictObject({
  search: listSavedQuery.shape.search,
  category: z.union([z.literal('all'), categorySchema]).optional(),
  limit: z
    .number({ message: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(20),
  cursor: listSavedQuery.shape.cursor,
});
export const mcpListSavedLinesOutput = savedLinesPageDto;

export const mcpGetUsageInput = z.strictObject({});
export const mcpGetUsageOutput = z.object({ usage: v1UsageDto });
