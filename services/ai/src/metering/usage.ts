/** What one model request cost, as the provider reported it or as counted here. */
export interface ModelUsage {
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** 'api': the provider reported it; 'tiktoken': counted here because it gave none. */
  source: 'api' | 'tiktoken';
}
