package dev.eaglemem.llm;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import dev.eaglemem.format.Snippets;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.anthropic.AnthropicChatModel;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.TokenUsage;

/**
 * Anthropic, OpenAI-compatible and Ollama through langchain4j's chat models, on {@link JdkHttp}. langchain4j's own
 * retries are off ({@code maxRetries(0)}): a retry is the job engine's decision, made visible in {@code jobs list}.
 */
final class LangchainCaller implements ChatCaller {

    private final Clock clock;

    LangchainCaller(Clock clock) {
        this.clock = clock;
    }

    @Override
    public ProviderAnswer call(ProviderSetup p, String system, String prompt, int maxTokens, AnswerShape shape,
            Duration timeout) {
        ChatModel model = model(p, maxTokens, shape, timeout);
        ChatRequest.Builder request = ChatRequest.builder().maxOutputTokens(maxTokens);
        request = system.isBlank() ? request.messages(UserMessage.from(prompt))
                : request.messages(SystemMessage.from(system), UserMessage.from(prompt));
        ChatResponse response;
        try {
            response = model.chat(request.build());
        } catch (ProviderError e) {
            throw e;
        } catch (RuntimeException e) {
            throw translate(p, e, timeout);
        }
        String text = response.aiMessage() == null ? null : response.aiMessage().text();
        TokenUsage usage = response.tokenUsage();
        return new ProviderAnswer(text == null ? "" : text,
                response.modelName() == null || response.modelName().isBlank() ? p.model() : response.modelName(),
                usage == null || usage.inputTokenCount() == null ? null : usage.inputTokenCount().longValue(),
                usage == null || usage.outputTokenCount() == null ? null : usage.outputTokenCount().longValue());
    }

    /**
     * OpenAI-compatible servers and Ollama are given the answer's JSON Schema (OpenAI's {@code json_schema} response
     * format, strict; Ollama's {@code format}), or JSON mode when there is none. Anthropic reads the shape from the
     * prompt: forcing it through a tool call would work on every Claude model but turns the answer into a tool_use
     * block with failure modes of its own, and its native structured output is a beta for some models only; the
     * callers' tolerant readers (a fenced, truncated or malformed answer keeps the model-free result) cover it.
     */
    private ChatModel model(ProviderSetup p, int maxTokens, AnswerShape shape, Duration timeout) {
        JdkHttp.Builder http = new JdkHttp.Builder(clock);
        ResponseFormat format = format(shape);
        return switch (p.kind()) {
            case ANTHROPIC -> AnthropicChatModel.builder().httpClientBuilder(http).baseUrl(p.baseUrl())
                    .apiKey(p.apiKey() == null ? "none" : p.apiKey()).modelName(p.model()).maxTokens(maxTokens)
                    .timeout(timeout).maxRetries(0).build();
            case OPENAI -> {
                OpenAiChatModel.OpenAiChatModelBuilder b = OpenAiChatModel.builder().httpClientBuilder(http)
                        .baseUrl(p.baseUrl()).apiKey(p.apiKey() == null ? "none" : p.apiKey()).modelName(p.model())
                        .maxTokens(maxTokens).timeout(timeout).maxRetries(0);
                yield format == null ? b.build() : b.responseFormat(format).strictJsonSchema(true).build();
            }
            case OLLAMA -> {
                OllamaChatModel.OllamaChatModelBuilder b = OllamaChatModel.builder().httpClientBuilder(http);
                b.baseUrl(p.baseUrl()).modelName(p.model()).numPredict(maxTokens).timeout(timeout);
                b.maxRetries(0);
                if (format != null) {
                    b.responseFormat(format);
                }
                yield b.build();
            }
            case AGENT_CLI -> throw new IllegalArgumentException("agent_cli is not an HTTP provider");
        };
    }

    /** JSON mode, a JSON Schema, or null for free text. */
    static ResponseFormat format(AnswerShape shape) {
        if (!shape.json()) {
            return null;
        }
        if (shape.schema() == null) {
            return ResponseFormat.JSON;
        }
        return ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(JsonSchema.builder().name(shape.name())
                .rootElement(JsonRawSchema.from(shape.schema())).build()).build();
    }

    /** One line that says what went wrong, with the provider's Retry-After when it sent one. */
    private static ProviderError translate(ProviderSetup p, RuntimeException e, Duration timeout) {
        Instant retryAfter = null;
        Integer status = null;
        String body = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpStatusError s) {
                retryAfter = s.retryAfter();
            }
            if (t instanceof HttpException h && status == null) {
                status = h.statusCode();
                body = h.getMessage();
            }
            if (t instanceof ProviderError pe) {
                return pe;
            }
            if (t instanceof TimeoutException || t instanceof java.net.http.HttpTimeoutException) {
                return new ProviderError(p.kind().id() + " did not answer within " + timeout.toSeconds() + " s", null, e);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        if (status != null) {
            boolean retryable = status == 408 || status == 429 || status >= 500;
            return new ProviderError(p.kind().id() + " answered HTTP " + status + ": " + Snippets.oneLine(body, 200),
                    retryAfter, retryable, e);
        }
        return new ProviderError(p.kind().id() + ": " + Snippets.oneLine(e.getMessage() == null
                ? e.getClass().getSimpleName() : e.getMessage(), 200), null, e);
    }
}
