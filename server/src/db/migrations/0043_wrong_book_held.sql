-- issue 38 item 2: an attempt's wrong questions that the learner can still answer in another exam
-- wait here and go into the 错题本 once they no longer can
ALTER TABLE "ex_wrongbook_attempt" ADD COLUMN "held" text[] DEFAULT '{}' NOT NULL;
