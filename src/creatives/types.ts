// Shapes shared by the creatives endpoint modules (ads-api.md "Resources and their fields").
// The account reference and the envelope are the ads ones (src/ads/types.ts).
export interface AccountMedia {
  id: string;
  creative_type: string;
  video_id?: string | null;
  media_url?: string | null;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface Card {
  id: string;
  name: string;
  card_type: string;
  card_uri: string;
  components?: Array<Record<string, unknown>>;
  slides?: Array<Array<Record<string, unknown>>>;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface MediaLibraryItem {
  media_key: string;
  media_type: 'GIF' | 'IMAGE' | 'VIDEO';
  media_category: string;
  media_status: string;
  media_url?: string | null;
  name?: string | null;
  file_name?: string | null;
  title?: string | null;
  description?: string | null;
  poster_media_key?: string | null;
  poster_media_url?: string | null;
  /** Milliseconds. */
  duration?: number | null;
  /** width:height */
  aspect_ratio?: string | null;
  posted?: boolean;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface PollCard {
  id: string;
  name: string;
  card_type: string;
  card_uri: string;
  first_choice?: string;
  second_choice?: string;
  third_choice?: string | null;
  fourth_choice?: string | null;
  /** Numeric values come back as strings. */
  duration_in_minutes?: string;
  start_time?: string;
  end_time?: string;
  [more: string]: unknown;
}

export interface VideoConversationCard {
  id: string;
  name: string;
  card_type: string;
  card_uri: string;
  title?: string | null;
  first_cta?: string;
  first_cta_post?: string;
  thank_you_text?: string;
  media_key?: string;
  [more: string]: unknown;
}

export interface AdPost {
  id: number;
  id_str: string;
  text?: string;
  full_text?: string;
  name?: string | null;
  nullcast?: boolean;
  conversation_settings?: string;
  post_type?: string;
  user?: { id: number; id_str: string };
  created_at?: string;
  [more: string]: unknown;
}
