"""A fixed set for calibrating an embedder's similarity scale (see ``calibration.py``).

Sixty topics, each far from the others: a statement of the kind people store, and a question that the
statement answers. A question and its own statement are a *related* pair; a question and any other
topic's statement are an *unrelated* pair. Written for this purpose; unrelated to any benchmark.
"""

from __future__ import annotations

#: (statement, question answered by it), one topic each
PAIRS: tuple[tuple[str, str], ...] = (
    ("My blood type is O negative.", "What is my blood type?"),
    ("The spare house key is under the blue flower pot by the back door.", "Where is the spare key?"),
    ("Our wifi password was changed to the name of the cat plus the year.", "How was the wifi password set?"),
    ("Lena is allergic to peanuts and carries an epipen.", "What is Lena allergic to?"),
    ("The quarterly tax payment is due on the fifteenth of April.", "When is the tax payment due?"),
    ("I parked the car on level 3 of the airport garage, row F.", "Where did I park the car?"),
    ("Grandma's apple pie uses cinnamon, nutmeg and a lard crust.", "What goes into grandma's apple pie?"),
    ("The dog gets half a cup of kibble twice a day.", "How much food does the dog get?"),
    ("Tom's flight to Lisbon lands at 18:40 on Friday.", "When does Tom land in Lisbon?"),
    ("The boiler was last serviced by Heatwise in October.", "Who serviced the boiler?"),
    (
        "My running pace for the half marathon was five minutes per kilometre.",
        "What was my half marathon pace?",
    ),
    ("The kids' school closes early on Wednesdays at 1 pm.", "When does school close early?"),
    ("I prefer aisle seats on long flights.", "Which seat do I like on planes?"),
    ("The staging server runs Ubuntu 22.04 with Postgres 16.", "What does the staging server run?"),
    ("Priya's birthday is on the 3rd of September.", "When is Priya's birthday?"),
    (
        "The sourdough starter needs feeding every morning with equal flour and water.",
        "How do I feed the starter?",
    ),
    ("Our landlord agreed to fix the leaking bathroom tap next week.", "Is the landlord fixing the tap?"),
    ("The violin lesson moved to Thursday evenings with Mr. Alvarez.", "When is the violin lesson?"),
    ("I take 10 mg of lisinopril every morning for blood pressure.", "What medication do I take?"),
    ("The gym membership costs 45 euros a month and renews in January.", "How much is the gym membership?"),
    ("We planted tomatoes, basil and peppers in the raised bed.", "What did we plant in the garden?"),
    ("The car insurance policy number ends in 7781.", "What is the end of the insurance policy number?"),
    ("Jonas supports Borussia Dortmund and never misses a derby.", "Which football team does Jonas support?"),
    ("The book club is reading One Hundred Years of Solitude this month.", "What is the book club reading?"),
    ("The printer on the second floor jams if you use thick paper.", "Why does the printer jam?"),
    ("My shoe size is 43 in European sizes.", "What shoe size do I wear?"),
    ("The wedding anniversary dinner is booked at Casa Lupo for eight.", "Where is the anniversary dinner?"),
    ("Maya is learning Japanese and practises kanji every night.", "Which language is Maya learning?"),
    ("The solar panels produced 410 kWh last month.", "How much did the solar panels produce?"),
    ("The passport expires in March 2028.", "When does the passport expire?"),
    ("Our team's sprint review happens every other Tuesday.", "How often is the sprint review?"),
    ("The cat hides under the bed during thunderstorms.", "Where does the cat hide in storms?"),
    (
        "I bought the laptop in 2021 and the warranty lasts three years.",
        "Is the laptop still under warranty?",
    ),
    ("The hiking trail to the waterfall takes about two hours each way.", "How long is the waterfall hike?"),
    ("Dad's hearing aid batteries are size 312.", "Which batteries does dad's hearing aid use?"),
    ("The mortgage rate is fixed at 3.1 percent until 2030.", "What is the mortgage rate?"),
    ("Sam prefers oat milk in his coffee.", "What milk does Sam take?"),
    ("The piano needs tuning twice a year.", "How often should the piano be tuned?"),
    ("The neighbourhood recycling is collected on Monday mornings.", "When is recycling collected?"),
    ("Our vacation rental in Crete has a checkout time of ten.", "What time is checkout in Crete?"),
    ("The API rate limit is 600 requests per minute per key.", "What is the API rate limit?"),
    ("My therapist appointments are on alternate Fridays.", "When do I see the therapist?"),
    ("The fish tank filter cartridge should be replaced monthly.", "How often is the filter changed?"),
    ("Elena's favourite flowers are peonies.", "Which flowers does Elena like?"),
    ("The bike lock combination is the house number backwards.", "What is the bike lock code?"),
    ("Chess club meets in the library basement on Saturdays.", "Where does the chess club meet?"),
    ("The electricity bill jumped to 180 pounds in December.", "How much was December's electricity bill?"),
    ("Uncle Rafael lives in Montevideo and grows grapes.", "Where does uncle Rafael live?"),
    ("The roof was re-tiled in 2019 after the storm.", "When was the roof re-tiled?"),
    ("I am vegetarian but still eat eggs and cheese.", "What is my diet?"),
    ("The startup's runway is fourteen months at current burn.", "How much runway does the startup have?"),
    ("Noah broke his wrist skateboarding and wears a cast.", "How did Noah get hurt?"),
    ("The kayak is stored in the garage rafters.", "Where is the kayak kept?"),
    ("Our internet provider is Fibrenet with a 500 megabit plan.", "Who is our internet provider?"),
    (
        "The telescope works best with the 25 mm eyepiece for the moon.",
        "Which eyepiece is best for the moon?",
    ),
    ("Aisha volunteers at the animal shelter on Sunday afternoons.", "When does Aisha volunteer?"),
    ("The conference talk on distributed tracing got a slot on day two.", "When is the tracing talk?"),
    ("The basement floods when the sump pump fails.", "Why does the basement flood?"),
    ("I knit a scarf with merino wool for Christmas.", "What did I knit?"),
    ("The chimney sweep recommended a cap to keep birds out.", "What did the chimney sweep recommend?"),
)
