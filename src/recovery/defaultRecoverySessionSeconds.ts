/** How long a recovery session may sign, by default (SPEC §9). */
export const defaultRecoverySessionSeconds = 1800
