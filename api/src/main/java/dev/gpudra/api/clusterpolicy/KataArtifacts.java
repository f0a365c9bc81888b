package dev.gpudra.api.clusterpolicy;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.gpudra.api.schema.Required;

/**
 * The artifacts of a Kata runtime class ({@code
 * spec.kataManager.config.runtimeClasses[].artifacts}).
 *
 * @param url the OCI artifact's URL
 * @param pullSecret the Secret to pull it with
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KataArtifacts(@Required String url, String pullSecret) {}
