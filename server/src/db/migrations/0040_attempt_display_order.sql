-- Issue 26 item 2 (ADR 0040): an attempt's questions are stored in the paper's order with the
-- paper's options and key (sort_order, options, answer, answer_str), so scoring, marking,
-- statistics and exports never see a learner's own letters. What this attempt SHOWS is stored
-- beside it, drawn once at begin: show_order, the question's position on the page (null: its
-- sort_order), and option_order, the paper's option indices in the order shown ('' = as on the
-- paper; '2,0,3,1' shows the paper's C as A). Attempts begun before 0040 with shuffled options
-- hold the key in their own letters and an empty option_order: each stays consistent on its own.
ALTER TABLE "ex_userpaperquestion" ADD COLUMN "show_order" integer;
ALTER TABLE "ex_userpaperquestion" ADD COLUMN "option_order" text NOT NULL DEFAULT '';
