/** The react-query APIs the apps use; one QueryClient, created by the shell (see ./api/query-client). */
export { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type { QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
