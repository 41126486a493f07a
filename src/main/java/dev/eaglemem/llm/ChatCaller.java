package dev.eaglemem.llm;

import java.time.Duration;

/** Calls one kind of provider once (no retries: the job engine retries, so no call is ever paid twice unseen). */
interface ChatCaller {

    /** @throws ProviderError when the provider did not answer */
    ProviderAnswer call(ProviderSetup provider, String system, String prompt, int maxTokens, AnswerShape shape,
            Duration timeout);
}
