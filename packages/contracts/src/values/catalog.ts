export const SORT_VALUES = ['DEFAULT', 'ASC', 'DESC'] as const
