// Inspector form of a Finalize node: where the turn's finalized record also goes.
import { OutputChannelField } from "./OutputChannelField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function FinalizeForm({ node }: NodeFormProps<"finalize">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        Place before End: stamps the reply, the route taken, the agent that answered and the turn's duration into the route channel.
      </p>
      <OutputChannelField
        value={data.output_channel}
        onCommit={(output_channel) => update({ output_channel })}
        hint="Also copy the finalized record into this state channel."
      />
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
