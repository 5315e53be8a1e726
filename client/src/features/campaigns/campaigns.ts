import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CampaignAcceptedDto,
  CampaignDto,
  CampaignExportFormat,
  CampaignLineDto,
  CreateCampaignBody,
  RefineCampaignLineBody,
} from '@gl/core/types';
import { api, apiResponse } from '../../platform/api';
import { intlLocale } from '../../platform/i18n/i18n';
import { saveDownload } from '../../platform/download';
import { todayForAccount } from '../../platform/time-zone';
import { useLiveConnection, useLiveEvent, useLiveReconnect } from '../../platform/socket';

/** Campaigns' data: the occasions, the user's campaigns, one campaign kept live by the socket, and the actions on a line. */

export const campaignsKey = (userId: string | undefined) => ['campaigns', userId ?? 'none'] as const;
export const campaignKey = (userId: string | undefined, id: string) => ['campaign', userId ?? 'none', id] as const;

export function useOccasions() {
  return useQuery({
    queryKey: ['campaign-occasions'],
    queryFn: async () => (await api('/campaigns/occasions')).occasions,
    staleTime: 60 * 60_000,
  });
}

export function useCampaigns(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: campaignsKey(userId),
    enabled: Boolean(userId) && enabled,
    queryFn: async () => (await api('/campaigns')).campaigns,
  });
}

/** Puts one line, as it now stands, into the cached campaign. */
export function putLine(
  client: QueryClient,
  userId: string | undefined,
  campaignId: string,
  line: CampaignLineDto,
  counts?: Partial<CampaignDto>,
) {
  client.setQueryData<CampaignDto>(campaignKey(userId, campaignId), (c) =>
    c ? { ...c, ...counts, lines: c.lines.map((l) => (l.id === line.id ? line : l)) } : c,
  );
}

/** Puts an edited line into the campaign's cached calendar. */
export function usePutCampaignLine(userId: string | undefined, campaignId: string): (line: CampaignLineDto) => void {
  const client = useQueryClient();
  return useCallback((line: CampaignLineDto) => putLine(client, userId, campaignId, line), [client, userId, campaignId]);
}

/**
 * GET /campaigns/:id, filled in live: each campaign:progress replaces its line, campaign:completed
 * marks it done, and a reconnect reads it again so nothing written meanwhile is missed.
 */
export function useCampaign(userId: string | undefined, id: string | null) {
  const client = useQueryClient();
  useLiveConnection();
  const query = useQuery({
    queryKey: campaignKey(userId, id ?? ''),
    enabled: Boolean(userId && id),
    queryFn: () => api(`/campaigns/${id}`),
  });
  useLiveEvent('campaign:progress', (p) => {
    if (p.campaignId !== id) return;
    putLine(client, userId, p.campaignId, p.line, { done: p.done, failed: p.failed, total: p.total });
  });
  useLiveEvent('campaign:completed', (p) => {
    if (p.campaignId !== id) return;
    void client.invalidateQueries({ queryKey: campaignKey(userId, p.campaignId) });
    void client.invalidateQueries({ queryKey: campaignsKey(userId) });
  });
  useLiveReconnect(
    useCallback(() => {
      if (id) void client.invalidateQueries({ queryKey: campaignKey(userId, id) });
    }, [client, userId, id]),
  );
  return query;
}

export function createCampaign(body: CreateCampaignBody): Promise<CampaignAcceptedDto> {
  return api('/campaigns', { method: 'POST', body });
}

/** POST /campaigns; the list is read again once it is accepted. */
export function useCreateCampaign(userId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => client.invalidateQueries({ queryKey: campaignsKey(userId) }),
  });
}

async function editCampaignLine(campaignId: string, lineId: string, text: string): Promise<CampaignLineDto> {
  return (await api(`/campaigns/${campaignId}/lines/${lineId}`, { method: 'PATCH', body: { text } })).line;
}

async function regenerateCampaignLine(campaignId: string, lineId: string): Promise<CampaignLineDto> {
  return (await api(`/campaigns/${campaignId}/lines/${lineId}/regenerate`, { method: 'POST' })).line;
}

async function refineCampaignLine(campaignId: string, lineId: string, body: RefineCampaignLineBody): Promise<CampaignLineDto> {
  return (await api(`/campaigns/${campaignId}/lines/${lineId}/refine`, { method: 'POST', body })).line;
}

/** Saves a campaign line to the library (the same POST /lines/save as generated lines). */
async function saveCampaignLine(line: CampaignLineDto, tone: string): Promise<void> {
  await api('/lines/save', { method: 'POST', body: { text: line.text, category: line.category, tone, generationId: line.generationId } });
}

export const EXPORT_LABELS: Record<CampaignExportFormat, string> = { csv: 'CSV', google_ads: 'Google Ads', meta_ads: 'Meta Ads' };

/** Downloads GET /campaigns/:id/export; answers how many lines were left out for being over the ad platform's limit. */
export async function downloadCampaign(campaignId: string, format: CampaignExportFormat): Promise<number> {
  const res = await apiResponse(`/campaigns/${campaignId}/export`, { query: { format }, timeoutMs: 60_000 });
  await saveDownload(res, `genius-lines-campaign-${format}.csv`);
  return Number(res.headers.get('x-omitted-lines') ?? 0);
}

/** An export of the campaign (one at a time); its answer is how many lines were left out. */
export function useCampaignExport(campaignId: string) {
  return useMutation({ mutationFn: (format: CampaignExportFormat) => downloadCampaign(campaignId, format) });
}

/** An action on a campaign line: what it sends, and the caller's follow-up with the line it answers. */
export type CampaignLineRequest =
  | { kind: 'save'; line: CampaignLineDto; tone: string; then: () => void }
  | { kind: 'edit'; text: string; then: (line: CampaignLineDto) => void }
  | { kind: 'again'; then: (line: CampaignLineDto) => void }
  | { kind: 'refine'; body: RefineCampaignLineBody; then: (line: CampaignLineDto) => void };

async function runCampaignLineAction(campaignId: string, lineId: string, req: CampaignLineRequest): Promise<void> {
  switch (req.kind) {
    case 'save':
      await saveCampaignLine(req.line, req.tone);
      return req.then();
    case 'edit':
      return req.then(await editCampaignLine(campaignId, lineId, req.text));
    case 'again':
      return req.then(await regenerateCampaignLine(campaignId, lineId));
    case 'refine':
      return req.then(await refineCampaignLine(campaignId, lineId, req.body));
  }
}

/**
 * The actions on one campaign line (one at a time): each sends its request, then runs the caller's
 * follow-up; `variables.kind` says which is running, `error` what went wrong.
 */
export function useCampaignLineAction(campaignId: string, lineId: string) {
  return useMutation({ mutationFn: (req: CampaignLineRequest) => runCampaignLineAction(campaignId, lineId, req) });
}

/** The account's today (its time zone): campaigns start today or later, the day the daily quota counts. */
export const accountTodayIso = () => todayForAccount();

/** "Sat 12 Dec" in the interface's language. */
export function shortDate(day: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
