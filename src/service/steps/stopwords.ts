/** Common English words that carry no topic, ignored when scoring sentences. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost also although always am among an and another any anyone anything are aren't around as at
  be because been before being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during
  each either else enough etc even ever every few for from further get gets getting got had hadn't has hasn't have haven't having he he'd
  he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've if in into is isn't it it's its itself just
  least less let's like made make many may me might more most much must my myself near need needs neither no nor not now of off often on
  once one only or other others our ours ourselves out over own per perhaps please quite rather really same shall shan't she she'd she'll
  she's should shouldn't since so some something still such than that that's the their theirs them themselves then there there's these they
  they'd they'll they're they've this those though through thus to too toward towards under until up upon us use used using very via was
  wasn't we we'd we'll we're we've well were weren't what what's whatever when when's where where's whether which while who who's whom whose
  why why's will with within without won't would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves`.split(
    /\s+/,
  ),
);
