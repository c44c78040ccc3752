declare const __POSTCTL_VERSION__: string;
