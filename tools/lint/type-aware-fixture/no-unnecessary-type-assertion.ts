const name: string = 'jane.citizen';

export const upper = (name as string).toUpperCase();
