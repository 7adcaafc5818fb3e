import { createContext, useContext, type ReactNode } from 'react';

import type { GraphQLClient } from './graphql';

const GraphQLClientContext = createContext<GraphQLClient | null>(null);

export function GraphQLClientProvider({ client, children }: { client: GraphQLClient; children: ReactNode }) {
  return <GraphQLClientContext.Provider value={client}>{children}</GraphQLClientContext.Provider>;
}

export function useGraphQLClient(): GraphQLClient {
  const client = useContext(GraphQLClientContext);
  if (!client) throw new Error('useGraphQLClient must be used inside <GraphQLClientProvider>');
  return client;
}
